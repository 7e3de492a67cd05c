import { remainingSteps } from '@carte/domain';
import { Card, EmptyState, Grid, Skeleton, Stack } from '@mantine/core';
import { IconToolsKitchen2 } from '@tabler/icons-react';
import { useGettingStarted } from '../../api/getting-started.api.ts';
import { ingredientKeys, ingredientsApi } from '../../api/ingredients.api.ts';
import { useSelectedMenu } from '../../api/menus.api.ts';
import { useCurrentUser } from '../../api/session.ts';
import { usePublicConfig } from '../../api/use-public-config.ts';
import { JumpLinks, jumpTargetStyle } from '../../ui/jump-links.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { SteadyReveal, useFirstLoadsSettled } from '../../ui/steady-reveal.tsx';
import { useListSize } from '../../ui/use-big-list.ts';
import { useCan } from '../../ui/use-can.ts';
import { DishesTable } from '../dishes/index.ts';
import { IngredientsTable } from '../ingredients/index.ts';
import { PublicMenuCard } from '../sharing/index.ts';
import { CategoryBoard } from './category-board.tsx';
import { FirstLoginTour } from './first-login-tour.tsx';
import { GettingStartedChecklist } from './getting-started-checklist.tsx';
import { MenuSwitcher } from './menu-switcher.tsx';
import { PreviewToggle } from './preview-toggle.tsx';
import { SelectedMenuCard } from './selected-menu-card.tsx';
import { TranslationsCard } from './translations-card.tsx';

/**
 * The owner's dashboard (doc 1 §2): menu switcher, the selected menu's categories (drag and drop),
 * the dishes and ingredients tables, and the first-login tour. Admins and resellers are sent to their
 * own dashboards before this renders.
 *
 * A new owner sees the getting-started checklist first (issue 11, item 3); its first step carries the
 * specification's "no menu yet" warning. Parts with nothing to show yet wait for their step: the menu
 * cards for a first menu, the dishes and ingredients tables for their first record.
 */
export function DashboardPage() {
  const user = useCurrentUser();
  const can = useCan();
  const config = usePublicConfig();
  const { menu, menus, isLoading, select } = useSelectedMenu();
  const restaurant = user.restaurants[0];
  const firstName = user.firstName || user.username;
  const publicUrl =
    restaurant && config.data ? `${config.data.publicUrl.replace(/\/$/, '')}/menu/${restaurant._id}` : null;
  const checklist = useGettingStarted({ enabled: can('menu') });
  const firstRun = checklist.data;
  const showChecklist = firstRun !== undefined && !firstRun.dismissed;
  // Until the checklist is done or closed, what is still empty stays out of the way.
  const guiding = showChecklist && remainingSteps(firstRun).length > 0;
  const showMenus = !guiding || menus.length > 0;
  const showTables = !guiding || firstRun.steps.dishes;
  // Ingredients are no step of the first run: while it guides, their table waits for the first one
  // (the count of the table's first page: the whole list is not read, issue 21).
  const ingredients = useListSize(ingredientKeys.all, ingredientsApi.page);
  const showIngredients = !guiding || (ingredients.total ?? 0) > 0;
  // The tour starts once the dashboard shows its content (issue 22, item 4).
  const settled = useFirstLoadsSettled(
    !isLoading && (!can('menu') || checklist.data !== undefined) && ingredients.decided,
  );
  const ready = settled && !isLoading && (!can('menu') || !checklist.isPending);
  const tourState = {
    checklist: showChecklist ? firstRun : null,
    subscribed: firstRun?.subscriptionNeeded ? firstRun.steps.subscribe : null,
  };
  const sections = [
    showMenus && { id: 'dashboard-menus', label: 'Menus' },
    showMenus && menu && { id: 'dashboard-categories', label: 'Categories' },
    showTables && { id: 'dashboard-dishes', label: 'Dishes' },
    showIngredients && { id: 'dashboard-ingredients', label: 'Ingredients' },
  ].filter((section) => section !== false && section !== undefined && section !== null);

  return (
    <Stack gap="lg">
      <PageHeader
        title={`Welcome, ${firstName}`}
        description={
          restaurant ? `Here is what ${restaurant.name} serves.` : 'Your digital menu starts here.'
        }
        actions={<PreviewToggle />}
      />

      <SteadyReveal settled={settled} skeleton={<DashboardSkeleton />}>
        {sections.length > 2 && <JumpLinks label="Dashboard sections" links={sections} />}

        {showChecklist && <GettingStartedChecklist state={firstRun} menus={menus} />}

        {showMenus && (
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, md: 4 }} id="dashboard-menus" style={jumpTargetStyle}>
              <Stack gap="lg">
                <MenuSwitcher
                  menus={menus}
                  selectedId={menu?._id ?? null}
                  onSelect={select}
                  loading={isLoading}
                  canEdit={can('menu')}
                />
                {publicUrl && restaurant && (
                  <PublicMenuCard
                    url={publicUrl}
                    restaurantName={restaurant.name}
                    published={menus.some((candidate) => !candidate.draft)}
                  />
                )}
                {(can('restaurant') || can('menu')) && <TranslationsCard />}
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 8 }}>
              {menu ? (
                <Stack gap="lg">
                  <SelectedMenuCard menu={menu} publicUrl={publicUrl} />
                  <div id="dashboard-categories" style={jumpTargetStyle}>
                    <CategoryBoard key={menu._id} menu={menu} />
                  </div>
                </Stack>
              ) : (
                <Card padding="md" h="100%">
                  <EmptyState
                    icon={<IconToolsKitchen2 size={26} stroke={1.6} />}
                    withIndicatorBackground
                    title={isLoading ? 'Loading menus…' : 'No menu yet'}
                    description={
                      isLoading
                        ? undefined
                        : 'Menus hold your categories and dishes. Create one with “Add new” to see its categories here.'
                    }
                    py="xl"
                  />
                </Card>
              )}
            </Grid.Col>
          </Grid>
        )}

        {showTables && (
          <div id="dashboard-dishes" style={jumpTargetStyle}>
            <DishesTable dashboard />
          </div>
        )}
        {showIngredients && (
          <div id="dashboard-ingredients" style={jumpTargetStyle}>
            <IngredientsTable dashboard />
          </div>
        )}
      </SteadyReveal>

      <FirstLoginTour ready={ready} state={tourState} />
    </Stack>
  );
}

/** The dashboard's shape while its first loads run: the menus column, the board, a table. */
function DashboardSkeleton() {
  return (
    <Stack gap="lg" aria-busy="true" aria-label="Loading the dashboard">
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">
            <Skeleton height={240} radius="md" />
            <Skeleton height={230} radius="md" />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            <Skeleton height={110} radius="md" />
            <Skeleton height={420} radius="md" />
          </Stack>
        </Grid.Col>
      </Grid>
      <Skeleton height={560} radius="md" />
    </Stack>
  );
}

import { messages } from '@carte/domain';
import { Alert, Button, Card, EmptyState, Grid, Stack } from '@mantine/core';
import { IconAlertTriangle, IconPlus, IconToolsKitchen2 } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useSelectedMenu } from '../../api/menus.api.ts';
import { useCurrentUser } from '../../api/session.ts';
import { usePublicConfig } from '../../api/use-public-config.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { useCan } from '../../ui/use-can.ts';
import { DishesTable } from '../dishes/index.ts';
import { IngredientsTable } from '../ingredients/index.ts';
import { PublicMenuCard } from '../sharing/index.ts';
import { CategoryBoard } from './category-board.tsx';
import { FirstLoginTour } from './first-login-tour.tsx';
import { MenuSwitcher } from './menu-switcher.tsx';
import { PreviewToggle } from './preview-toggle.tsx';
import { SelectedMenuCard } from './selected-menu-card.tsx';

/**
 * The owner's dashboard (doc 1 §2): menu switcher, the selected menu's categories (drag and drop),
 * the dishes and ingredients tables, and the first-login tour. Admins and resellers are sent to their
 * own dashboards before this renders.
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
  const noMenu = !isLoading && menus.length === 0;

  return (
    <Stack gap="lg">
      <PageHeader
        title={`Welcome, ${firstName}`}
        description={
          restaurant ? `Here is what ${restaurant.name} serves.` : 'Your digital menu starts here.'
        }
        actions={<PreviewToggle />}
      />

      {noMenu && can('menu') && (
        <Alert
          color="yellow"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          title={messages.createMenuWarning}
        >
          <Button component={Link} to="/create-menu" size="xs" mt={4} leftSection={<IconPlus size={14} />}>
            Create menu
          </Button>
        </Alert>
      )}

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 4 }}>
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
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          {menu ? (
            <Stack gap="lg">
              <SelectedMenuCard menu={menu} publicUrl={publicUrl} />
              <CategoryBoard key={menu._id} menu={menu} />
            </Stack>
          ) : (
            <Card padding="md" h="100%">
              <EmptyState
                icon={<IconToolsKitchen2 size={26} stroke={1.6} />}
                withIndicatorBackground
                title={isLoading ? 'Loading menus…' : 'No menu selected'}
                description={
                  isLoading
                    ? undefined
                    : 'Menus hold your categories and dishes. Create one to see its categories here.'
                }
                py="xl"
              />
            </Card>
          )}
        </Grid.Col>
      </Grid>

      <DishesTable dashboard />
      <IngredientsTable dashboard />

      <FirstLoginTour ready={!isLoading} />
    </Stack>
  );
}

import { isAdminRole, restaurantTypeLabels, type User } from '@carte/domain';
import { AppShell, Badge, Burger, Group, ScrollArea, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { useDisclosure, useHeadroom, useMediaQuery } from '@mantine/hooks';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { queryKeys } from '../../api/query-keys.ts';
import { sessionStore, useCurrentUser } from '../../api/session.ts';
import { usersApi } from '../../api/users.api.ts';
import { SwitchAccountModal } from '../../features/account/index.ts';
import { ActingBanner } from '../../features/admin/index.ts';
import { PreviewToggle, PreviewToggleInHeader, usePreviewOpened } from '../../features/dashboard/index.ts';
import { HelpMenu } from '../../features/help/index.ts';
import { BrandLogo, BrandMark } from '../../ui/brand-logo.tsx';
import { PageLoader } from '../../ui/page-loader.tsx';
import { RouteRuleGuard } from '../guards/route-rule-guard.tsx';
import classes from './app-layout.module.css';
import { SideNav } from './side-nav.tsx';
import { UserMenu } from './user-menu.tsx';

/** Layout widths of doc 1 §9: navigation 200 px, collapsed 60 px, collapsing at 1200 px or less. */
const NAV_WIDTH = 216;
const NAV_COLLAPSED_WIDTH = 60;
const HEADER_HEIGHT = 60;
/** The owner's preview panel (doc 1 §9), its own chunk: only owners who open it download the menu view. */
const PREVIEW_WIDTH = 450;
/**
 * The narrowest the page may get beside the preview. Below it (1280 px with the navigation open)
 * the forms' columns and button rows would be squeezed, so the preview lays itself over the page
 * instead, with a shadow, and the page keeps its width (issue 11 §10).
 */
const MIN_CONTENT_BESIDE_PREVIEW = 760;
const MenuPreviewPanel = lazy(() => import('../../features/dashboard/preview-area.ts'));

/** What the header names: the restaurant for owners and members, the company for resellers. */
function workspaceName(user: User): { name: string; badge: string | null } {
  if (isAdminRole(user.role)) return { name: 'Administration', badge: null };
  if (user.role === 'DMA') return { name: user.company_name || 'Reseller', badge: 'Reseller' };
  const restaurant = user.restaurants[0];
  return restaurant
    ? { name: restaurant.name, badge: restaurantTypeLabels[restaurant.restaurantType] }
    : { name: 'My restaurant', badge: null };
}

export function AppLayout() {
  const user = useCurrentUser();
  const narrowWindow = useMediaQuery('(max-width: 1200px)', false);
  const phone = useMediaQuery('(max-width: 48em)', false);
  // The user may expand or collapse by hand; the choice holds until the window crosses 1200 px,
  // then the automatic rule applies again.
  // Doc 2 §2: a path containing /menu-display (the layout editor) collapses the navigation and
  // gives the page the whole width.
  const fullWidth = useLocation().pathname.includes('/menu-display');
  const autoCollapsed = narrowWindow || fullWidth;
  const [manualCollapse, setManualCollapse] = useState<{ collapsed: boolean; narrow: boolean } | null>(null);
  const collapsed = manualCollapse?.narrow === autoCollapsed ? manualCollapse.collapsed : autoCollapsed;
  const [drawerOpened, drawer] = useDisclosure(false);
  const [switchOpened, switchModal] = useDisclosure(false);
  const pinned = useHeadroom({ fixedAt: 120 });
  const iconOnly = collapsed && !phone;
  const workspace = workspaceName(user);
  const previewOpened = usePreviewOpened();
  const navWidth = iconOnly ? NAV_COLLAPSED_WIDTH : NAV_WIDTH;
  const roomBesidePreview = useMediaQuery(
    `(min-width: ${navWidth + PREVIEW_WIDTH + MIN_CONTENT_BESIDE_PREVIEW}px)`,
    true,
  );
  // Phones show the panel over the page already (the aside's mobile layout).
  const previewOverlays = previewOpened && !phone && !roomBesidePreview;

  // The stored user may be stale (permissions changed, another device renamed the restaurant).
  const me = useQuery({ queryKey: queryKeys.users.me, queryFn: ({ signal }) => usersApi.me(signal) });
  useEffect(() => {
    if (me.data) sessionStore.setUser(me.data);
  }, [me.data]);

  return (
    <AppShell
      header={{ height: HEADER_HEIGHT, collapsed: !pinned && !drawerOpened, offset: false }}
      navbar={{
        width: navWidth,
        breakpoint: 'sm',
        collapsed: { mobile: !drawerOpened },
      }}
      aside={{
        width: PREVIEW_WIDTH,
        breakpoint: 'sm',
        collapsed: { desktop: !previewOpened || previewOverlays, mobile: !previewOpened },
      }}
      // The navigation runs the full height beside the header, so hiding the header on scroll (doc 1 §2
      // "collapsible header") never moves the navigation.
      layout="alt"
      padding={0}
      className={classes.shell}
    >
      <AppShell.Header className={classes.header}>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Burger
              opened={drawerOpened}
              onClick={drawer.toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={drawerOpened ? 'Close navigation' : 'Open navigation'}
            />
            <UnstyledButton
              component={Link}
              to="/"
              aria-label="Carte home"
              className={classes.brand}
              hiddenFrom="sm"
            >
              <BrandMark size={30} />
            </UnstyledButton>
            <Group gap={8} wrap="nowrap" miw={0}>
              <Text fw={600} truncate className={classes.workspace}>
                {workspace.name}
              </Text>
              {workspace.badge && (
                <Badge variant="light" color="gray" radius="sm" visibleFrom="sm">
                  {workspace.badge}
                </Badge>
              )}
            </Group>
          </Group>
          <Group gap="xs" wrap="nowrap">
            {/* Doc 1 §2: with the navigation collapsed, the header carries the preview toggle. */}
            {collapsed && <PreviewToggle compact />}
            <HelpMenu compact={phone} />
            <UserMenu user={user} compact={phone} onSwitchAccount={switchModal.open} />
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar className={classes.navbar} data-icon-only={iconOnly || undefined}>
        <AppShell.Section className={classes.navBrand} visibleFrom="sm">
          <UnstyledButton component={Link} to="/" aria-label="Carte home" className={classes.brand}>
            {iconOnly ? <BrandMark size={30} /> : <BrandLogo size={30} />}
          </UnstyledButton>
        </AppShell.Section>
        <AppShell.Section grow component={ScrollArea} px={iconOnly ? 8 : 'sm'} py="md">
          <SideNav user={user} iconOnly={iconOnly} onNavigate={drawer.close} />
        </AppShell.Section>
        <AppShell.Section visibleFrom="sm" px={iconOnly ? 8 : 'sm'} pb="md">
          <Tooltip label={collapsed ? 'Expand navigation' : 'Collapse navigation'} position="right">
            <UnstyledButton
              className={classes.collapse}
              onClick={() => setManualCollapse({ collapsed: !collapsed, narrow: autoCollapsed })}
              aria-label={collapsed ? 'Expand navigation' : 'Collapse navigation'}
              aria-expanded={!collapsed}
            >
              {collapsed ? (
                <IconLayoutSidebarLeftExpand size={20} stroke={1.7} />
              ) : (
                <>
                  <IconLayoutSidebarLeftCollapse size={20} stroke={1.7} />
                  <Text size="sm">Collapse</Text>
                </>
              )}
            </UnstyledButton>
          </Tooltip>
        </AppShell.Section>
      </AppShell.Navbar>

      <AppShell.Main className={classes.main}>
        <div className={classes.content} data-full-width={fullWidth || undefined}>
          <ActingBanner />
          <Suspense fallback={<PageLoader />}>
            <RouteRuleGuard>
              <PreviewToggleInHeader.Provider value={collapsed}>
                <Outlet />
              </PreviewToggleInHeader.Provider>
            </RouteRuleGuard>
          </Suspense>
        </div>
      </AppShell.Main>

      {previewOverlays && (
        <aside className={classes.previewOverlay} aria-label="Menu preview" style={{ width: PREVIEW_WIDTH }}>
          <Suspense fallback={<PageLoader />}>
            <MenuPreviewPanel />
          </Suspense>
        </aside>
      )}

      <AppShell.Aside className={classes.aside}>
        {previewOpened && !previewOverlays && (
          <Suspense fallback={<PageLoader />}>
            <MenuPreviewPanel />
          </Suspense>
        )}
      </AppShell.Aside>

      <SwitchAccountModal opened={switchOpened} onClose={switchModal.close} user={user} />
    </AppShell>
  );
}

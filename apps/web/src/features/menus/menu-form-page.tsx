import { Button, Center, EmptyState } from '@mantine/core';
import { IconToolsKitchen2 } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { useMenu } from '../../api/menus.api.ts';
import { useMenuCatalog } from '../../api/restaurants.api.ts';
import { errorMessage } from '../../ui/notify.ts';
import { PageLoader } from '../../ui/page-loader.tsx';
import { CheckoutReturnNotice } from './checkout-return.tsx';
import { MenuForm } from './menu-form.tsx';

/** /create-menu (a new menu) and /create-menu?id={menuId} (edit that menu). */
export function MenuFormPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  const menu = useMenu(id);
  // The templates and fonts come from the server (GET /api/restaurants/templates, doc 1 §3).
  const catalog = useMenuCatalog();

  if ((id && menu.isLoading) || catalog.isPending) return <PageLoader />;
  if (catalog.isError) {
    return (
      <Center mih="50vh">
        <EmptyState
          icon={<IconToolsKitchen2 size={26} stroke={1.6} />}
          withIndicatorBackground
          title="The menu templates could not be loaded"
          description={errorMessage(catalog.error)}
        >
          <EmptyState.Actions>
            <Button variant="light" onClick={() => void catalog.refetch()}>
              Try again
            </Button>
          </EmptyState.Actions>
        </EmptyState>
      </Center>
    );
  }
  if (id && (menu.isError || !menu.data)) {
    return (
      <Center mih="50vh">
        <EmptyState
          icon={<IconToolsKitchen2 size={26} stroke={1.6} />}
          withIndicatorBackground
          title="Menu not found"
          description={menu.error ? errorMessage(menu.error) : 'This menu does not exist any more.'}
        >
          <EmptyState.Actions>
            <Button component={Link} to="/" variant="light">
              Back to dashboard
            </Button>
          </EmptyState.Actions>
        </EmptyState>
      </Center>
    );
  }
  // A new key per menu: switching from one menu to another starts a fresh form.
  return (
    <>
      {id && <CheckoutReturnNotice menuId={id} />}
      <MenuForm key={id ?? 'new'} menu={menu.data ?? null} catalog={catalog.data} />
    </>
  );
}

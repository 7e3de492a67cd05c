import { Button, Group, UnstyledButton } from '@mantine/core';
import { Suspense } from 'react';
import { Link, Outlet } from 'react-router';
import { BrandLogo } from '../../ui/brand-logo.tsx';
import { PageLoader } from '../../ui/page-loader.tsx';
import { HelpMenu } from './help-menu.tsx';
import classes from './public-help-layout.module.css';

/** The help pages for someone not signed in: the brand, the help pop-up and a way to sign in. */
export function PublicHelpLayout() {
  return (
    <div className={classes.root}>
      <header className={classes.header}>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap" className={classes.bar}>
          <UnstyledButton component={Link} to="/login" aria-label="Carte" className={classes.brand}>
            <BrandLogo size={30} />
          </UnstyledButton>
          <Group gap="xs" wrap="nowrap">
            <HelpMenu />
            <Button component={Link} to="/login" size="sm">
              Sign in
            </Button>
          </Group>
        </Group>
      </header>
      <main className={classes.content}>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}

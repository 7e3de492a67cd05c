import { type NavEntry, satisfies, type User } from '@carte/domain';
import { NavLink, Stack, Tooltip } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useImpersonator } from '../../api/admin.api.ts';
import { useIsSubscribed } from '../../api/billing.api.ts';
import { isEntryActive, isParentActive, navPathOf, visibleNav } from '../../ui/visible-nav.ts';
import { navIcon } from './nav-icons.ts';
import classes from './side-nav.module.css';

interface SideNavProps {
  user: User;
  /** Icons only (the 60 px navigation). */
  iconOnly: boolean;
  /** Called after a link is followed, to close the phone drawer. */
  onNavigate: () => void;
}

export function SideNav({ user, iconOnly, onNavigate }: SideNavProps) {
  const acting = useImpersonator() !== null;
  const entries = visibleNav(user, { acting });
  return (
    <Stack component="nav" aria-label="Main navigation" gap={4}>
      {entries.map((entry) => (
        <SideNavItem
          key={entry.path + entry.name}
          entry={entry}
          user={user}
          iconOnly={iconOnly}
          onNavigate={onNavigate}
        />
      ))}
    </Stack>
  );
}

function SideNavItem({
  entry,
  user,
  iconOnly,
  onNavigate,
  nested = false,
}: SideNavProps & { entry: NavEntry; nested?: boolean }) {
  const { pathname, search } = useLocation();
  const active = isEntryActive(entry, pathname, search);
  const here = navPathOf(pathname, search);
  const [opened, setOpened] = useState(active);
  const Icon = navIcon(entry.icon);
  // A private entry the user may not use keeps its link on the current page (doc 1 §2).
  const permitted = !entry.private || satisfies(user.role, user.permissions, entry.rule);
  // A reseller's client is her restaurant's owner, but her reseller subscribes her (doc 1 §8): her
  // locked Subscribe leads to the page that names her account manager (issue 22).
  const explained = !permitted && user.role === 'DMA_CLIENT' && entry.path === '/subscribe';
  const children = iconOnly ? [] : (entry.children ?? []);
  // "Subscribe" is an invitation until it is done; then the entry leads to the subscription (issue 22).
  const subscribed = useIsSubscribed(permitted && entry.path === '/subscribe');
  const name = subscribed && entry.path === '/subscribe' ? 'Subscription' : entry.name;

  const link = (
    <NavLink
      component={Link}
      to={permitted || explained ? entry.path : pathname}
      label={iconOnly ? undefined : name}
      aria-label={iconOnly ? name : undefined}
      aria-disabled={permitted || explained ? undefined : true}
      aria-current={entry.path === here && here === pathname ? 'page' : undefined}
      leftSection={<Icon size={nested ? 16 : 20} stroke={1.7} />}
      rightSection={!permitted && !iconOnly ? <IconLock size={14} /> : undefined}
      active={permitted && (children.length > 0 ? isParentActive(entry, pathname, search) : active)}
      variant="light"
      className={classes.link}
      data-icon-only={iconOnly || undefined}
      // The first-login tour points at navigation entries by path (features/dashboard/tour-steps.ts).
      data-tour={nested ? undefined : `nav${entry.path.replace(/\//g, '-')}`}
      data-denied={(!permitted && !explained) || undefined}
      opened={children.length > 0 ? opened : undefined}
      // A small indent keeps "Customizations" whole in the 216 px navigation.
      childrenOffset="sm"
      onClick={(event) => {
        if (!permitted && !explained) {
          event.preventDefault();
          return;
        }
        if (children.length > 0) setOpened((value) => !value);
        onNavigate();
      }}
    >
      {children.length > 0
        ? children.map((child) => (
            <SideNavItem
              key={child.path + child.name}
              entry={child}
              user={user}
              iconOnly={iconOnly}
              onNavigate={onNavigate}
              nested
            />
          ))
        : undefined}
    </NavLink>
  );

  if (iconOnly || !permitted) {
    return (
      <Tooltip
        label={
          permitted
            ? name
            : explained
              ? `${name} — your account manager handles it`
              : `${name} — permission needed`
        }
        position="right"
        disabled={!iconOnly && permitted}
      >
        {link}
      </Tooltip>
    );
  }
  return link;
}

import type { LayoutMenu } from '@carte/domain';
import {
  ActionIcon,
  Anchor,
  Badge,
  Group,
  Paper,
  Stack,
  Text,
  Title,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import {
  IconLayoutSidebarLeftCollapse,
  IconLayoutSidebarLeftExpand,
  IconStack2,
  IconUsersGroup,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { DraggableChip } from './drag-chip.tsx';
import classes from './menu-display.module.css';

/**
 * The editor's left panel (doc 2 §2): "Display Types" (Zone and Menu Display active, Group and
 * Shared shown disabled) and the "Menus" list, both dragged onto the layout; it collapses.
 */
export function SidePanel({
  open,
  onToggle,
  menus,
  menusState,
}: {
  open: boolean;
  onToggle: () => void;
  menus: LayoutMenu['menu'][];
  menusState: 'loading' | 'error' | 'ready';
}) {
  if (!open) {
    return (
      <Paper withBorder className={classes.panelClosed}>
        <Tooltip label="Show display types and menus" position="right">
          <UnstyledButton
            onClick={onToggle}
            aria-label="Show display types and menus"
            aria-expanded={false}
            className={classes.panelOpener}
          >
            <IconLayoutSidebarLeftExpand size={18} aria-hidden />
            <Text size="sm" fw={500} className={classes.panelOpenerLabel}>
              Display types and menus
            </Text>
          </UnstyledButton>
        </Tooltip>
      </Paper>
    );
  }
  return (
    <Paper withBorder className={classes.panel} component="aside" aria-label="Display types and menus">
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} size="h5">
            Display Types
          </Title>
          <Tooltip label="Hide display types and menus">
            <ActionIcon
              variant="subtle"
              color="gray"
              onClick={onToggle}
              aria-label="Hide display types and menus"
              aria-expanded
            >
              <IconLayoutSidebarLeftCollapse size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
        <Stack gap={6}>
          <DraggableChip
            id="type:zone"
            item={{ kind: 'type', type: 'zone', label: 'Zone' }}
            hint="drag onto a location to add a zone"
          />
          <DraggableChip
            id="type:display"
            item={{ kind: 'type', type: 'display', label: 'Menu Display' }}
            hint="drag onto a zone to add a menu display"
          />
          {[
            { label: 'Group', Icon: IconStack2 },
            { label: 'Shared', Icon: IconUsersGroup },
          ].map(({ label, Icon }) => (
            <Group key={label} gap="xs" wrap="nowrap" className={classes.disabledChip} aria-disabled>
              <Icon size={16} aria-hidden />
              <Text size="sm" style={{ flex: 1 }}>
                {label}
              </Text>
              <Badge size="xs" variant="outline" color="gray">
                Soon
              </Badge>
            </Group>
          ))}
        </Stack>

        <Title order={2} size="h5">
          Menus
        </Title>
        {menusState === 'loading' && (
          <Text size="sm" c="dimmed">
            Loading menus…
          </Text>
        )}
        {menusState === 'error' && (
          <Text size="sm" c="red">
            Failed to load menus
          </Text>
        )}
        {menusState === 'ready' && menus.length === 0 && (
          <Text size="sm" c="dimmed">
            No menus yet.{' '}
            <Anchor component={Link} to="/create-menu">
              Create a menu
            </Anchor>{' '}
            to place it here.
          </Text>
        )}
        <Stack gap={6}>
          {menus.map((menu) => (
            <DraggableChip
              key={menu._id}
              id={`menu:${menu._id}`}
              item={{ kind: 'menu', menu }}
              hint="drag onto a menu display, or a zone to add it to every display there"
            />
          ))}
        </Stack>
        <Text size="xs" c="dimmed">
          Diners see only published menus; drafts wait in a display until you publish them.
        </Text>
      </Stack>
    </Paper>
  );
}

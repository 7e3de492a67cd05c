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
import type { MenuGroup } from './layout-tree.ts';
import classes from './menu-display.module.css';

/**
 * The editor's left panel (doc 2 §2): "Display Types" (Zone and Menu Display active, Group and
 * Shared shown disabled) and the "Menus" list, both dragged onto the layout; it collapses. A
 * parent's panel groups the menus by restaurant: its own go to every location, each location's
 * only to that location's displays.
 */
export function SidePanel({
  open,
  onToggle,
  groups,
}: {
  open: boolean;
  onToggle: () => void;
  groups: MenuGroup[];
}) {
  const grouped = groups.length > 1;
  const empty = groups.every((group) => group.menus.length === 0);
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
        {empty && (
          <Text size="sm" c="dimmed">
            No menus yet.{' '}
            <Anchor component={Link} to="/create-menu">
              Create a menu
            </Anchor>{' '}
            to place it here.
          </Text>
        )}
        {groups.map((group, index) =>
          group.menus.length === 0 && (grouped || empty) ? null : (
            <Stack
              key={group.location._id}
              gap={6}
              role={grouped ? 'group' : undefined}
              aria-label={grouped ? `Menus of ${group.location.name}` : undefined}
            >
              {grouped && (
                <div>
                  <Text size="sm" fw={600}>
                    {group.location.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {index === 0 ? 'For every location' : `Only for ${group.location.name}`}
                  </Text>
                </div>
              )}
              {group.menus.map(({ menu, locations }) => (
                <DraggableChip
                  key={menu._id}
                  id={`menu:${menu._id}`}
                  item={{ kind: 'menu', menu, locations }}
                  hint={
                    grouped && index > 0
                      ? `drag onto a menu display of ${group.location.name}, or one of its zones to add it to every display there`
                      : 'drag onto a menu display, or a zone to add it to every display there'
                  }
                />
              ))}
            </Stack>
          ),
        )}
        <Text size="xs" c="dimmed">
          Diners see only published menus; drafts wait in a display until you publish them.
        </Text>
      </Stack>
    </Paper>
  );
}

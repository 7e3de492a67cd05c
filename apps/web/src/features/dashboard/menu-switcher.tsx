import { type Menu, messages } from '@carte/domain';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Group,
  Skeleton,
  Stack,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { IconCopy, IconLock, IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { AllergenMatrixLink } from '../allergen-matrix/index.ts';
import { useCloneMenuAction } from '../menus/index.ts';
import classes from './dashboard.module.css';

interface MenuSwitcherProps {
  menus: Menu[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  loading: boolean;
  /** The menu flag: clone and add new. */
  canEdit: boolean;
}

/**
 * The menu switcher of the dashboard (doc 1 §2): published and unpublished menus (inherited menus
 * are read-only and listed with the unpublished ones, doc 1 §4), a Clone button per menu (the
 * specification's copy button; inherited menus too) and "Add new".
 */
export function MenuSwitcher({ menus, selectedId, onSelect, loading, canEdit }: MenuSwitcherProps) {
  const { clone, cloningId } = useCloneMenuAction({ openCopy: false });
  const onClone = canEdit ? clone : undefined;
  const published = menus.filter((menu) => !menu.fromParent && !menu.draft);
  const unpublished = menus.filter((menu) => menu.fromParent || menu.draft);

  return (
    <Card padding="md" className={classes.switcher}>
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Text fw={700}>Menus</Text>
        {canEdit && (
          <Button
            component={Link}
            to="/create-menu"
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} />}
            data-tour="create-menu"
          >
            Add new
          </Button>
        )}
      </Group>
      {loading ? (
        <Stack gap={8}>
          <Skeleton height={14} width="40%" />
          <Skeleton height={40} />
          <Skeleton height={40} />
        </Stack>
      ) : (
        <Stack gap="md">
          <MenuGroup
            title="Published"
            menus={published}
            empty="No published menus yet."
            selectedId={selectedId}
            onSelect={onSelect}
            onClone={onClone}
            cloningId={cloningId}
          />
          <MenuGroup
            title="Unpublished"
            menus={unpublished}
            empty="No drafts."
            selectedId={selectedId}
            onSelect={onSelect}
            onClone={onClone}
            cloningId={cloningId}
          />
        </Stack>
      )}
    </Card>
  );
}

function MenuGroup({
  title,
  menus,
  empty,
  selectedId,
  onSelect,
  onClone,
  cloningId,
}: {
  title: string;
  menus: Menu[];
  empty: string;
  selectedId: string | null;
  onSelect: (id: string) => void;
  /** Absent without the menu flag. */
  onClone: ((menu: Menu) => void) | undefined;
  cloningId: string | undefined;
}) {
  return (
    <div>
      <Group gap={6} mb={6}>
        <Text size="xs" tt="uppercase" fw={700} c="dimmed" lts={0.4}>
          {title}
        </Text>
        <Badge size="xs" variant="light" color="gray" circle>
          {menus.length}
        </Badge>
      </Group>
      {menus.length === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <Stack gap={4} component="ul" aria-label={`${title} menus`} className={classes.menuList}>
          {menus.map((menu) => (
            <MenuRow
              key={menu._id}
              menu={menu}
              selected={menu._id === selectedId}
              onSelect={onSelect}
              onClone={onClone}
              cloning={cloningId === menu._id}
            />
          ))}
        </Stack>
      )}
    </div>
  );
}

function MenuRow({
  menu,
  selected,
  onSelect,
  onClone,
  cloning,
}: {
  menu: Menu;
  selected: boolean;
  onSelect: (id: string) => void;
  onClone: ((menu: Menu) => void) | undefined;
  cloning: boolean;
}) {
  return (
    <Group
      component="li"
      gap={4}
      wrap="nowrap"
      className={classes.menuRow}
      data-selected={selected || undefined}
    >
      <UnstyledButton
        className={classes.menuButton}
        aria-pressed={selected}
        onClick={() => onSelect(menu._id)}
      >
        <Group gap={8} wrap="nowrap">
          <span className={classes.menuDot} data-draft={menu.draft || menu.fromParent || undefined} />
          <Text size="sm" fw={selected ? 600 : 500} truncate>
            {menu.name}
          </Text>
          {menu.fromParent && (
            <Tooltip label={messages.menuFromParentWarning} multiline w={220}>
              <IconLock size={14} aria-label="Read-only" style={{ flexShrink: 0 }} />
            </Tooltip>
          )}
        </Group>
      </UnstyledButton>
      {onClone && <AllergenMatrixLink menuId={menu._id} menuName={menu.name} compact />}
      {onClone && (
        <Tooltip label="Clone">
          <ActionIcon
            variant="subtle"
            color="gray"
            size="md"
            onClick={() => onClone(menu)}
            loading={cloning}
            aria-label={`Clone ${menu.name}`}
          >
            <IconCopy size={16} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}

import { ActionIcon, Button, type ButtonProps, Group, Tooltip } from '@mantine/core';
import { IconCopy, IconPencil, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';

interface RowActionsProps {
  /** The row's name, for the buttons' names ("Edit Al Pastor Taco"). */
  name: string;
  /** Inherited (fromParent): no edit or delete, but it can still be cloned (doc 1 §4). */
  locked?: boolean;
  /** Edit by opening this page… */
  editTo?: string;
  /** …or by calling this (a dialog). */
  onEdit?: () => void;
  onClone?: () => void;
  cloning?: boolean;
  onDelete?: () => void;
}

/** A table row's Edit, Clone and Delete icon buttons; the ones without a handler are left out. */
export function RowActions({ name, locked, editTo, onEdit, onClone, cloning, onDelete }: RowActionsProps) {
  const canEdit = !locked && (editTo !== undefined || onEdit !== undefined);
  return (
    <Group gap={2} justify="flex-end" wrap="nowrap">
      {canEdit && (
        <Tooltip label="Edit">
          {editTo !== undefined ? (
            <ActionIcon
              component={Link}
              to={editTo}
              variant="subtle"
              color="gray"
              aria-label={`Edit ${name}`}
            >
              <IconPencil size={16} />
            </ActionIcon>
          ) : (
            <ActionIcon variant="subtle" color="gray" aria-label={`Edit ${name}`} onClick={onEdit}>
              <IconPencil size={16} />
            </ActionIcon>
          )}
        </Tooltip>
      )}
      {onClone && (
        <Tooltip label="Clone">
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={`Clone ${name}`}
            loading={cloning}
            onClick={onClone}
          >
            <IconCopy size={16} />
          </ActionIcon>
        </Tooltip>
      )}
      {!locked && onDelete && (
        <Tooltip label="Delete">
          <ActionIcon variant="subtle" color="red" aria-label={`Delete ${name}`} onClick={onDelete}>
            <IconTrash size={16} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}

/** "Delete selected (3)" above a table while rows are selected. */
export function DeleteSelectedButton({
  count,
  onClick,
  loading,
  size = 'xs',
}: {
  count: number;
  onClick: () => void;
  loading?: boolean;
  size?: ButtonProps['size'];
}) {
  if (count === 0) return null;
  return (
    <Button
      size={size}
      color="red"
      variant="light"
      leftSection={<IconTrash size={14} />}
      loading={loading}
      onClick={onClick}
    >
      Delete selected ({count})
    </Button>
  );
}

/** "1 dish", "3 dishes": how a confirm dialog names what a bulk delete takes. */
export const countOf = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

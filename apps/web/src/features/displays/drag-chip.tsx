import { useDraggable } from '@dnd-kit/core';
import { Badge, Group, Text, ThemeIcon } from '@mantine/core';
import { IconDeviceTablet, IconGripVertical, IconLayoutGrid, IconToolsKitchen2 } from '@tabler/icons-react';
import type { DragItem } from './layout-dnd.ts';
import classes from './menu-display.module.css';

const iconOf = (item: DragItem) =>
  item.kind === 'menu' ? IconToolsKitchen2 : item.type === 'zone' ? IconLayoutGrid : IconDeviceTablet;

/** What a dragged item looks like, in the panel and under the pointer. */
export function DragChip({ item, overlay = false }: { item: DragItem; overlay?: boolean }) {
  const Icon = iconOf(item);
  const label = item.kind === 'menu' ? item.menu.name : item.label;
  return (
    <Group gap="xs" wrap="nowrap" className={classes.chip} data-overlay={overlay || undefined}>
      <IconGripVertical size={14} className={classes.grip} aria-hidden />
      <ThemeIcon size="sm" variant="light" color={item.kind === 'menu' ? 'orange' : 'blue'} aria-hidden>
        <Icon size={14} />
      </ThemeIcon>
      <Text size="sm" fw={500} truncate style={{ flex: 1, minWidth: 0 }}>
        {label}
      </Text>
      {item.kind === 'menu' && item.menu.draft && (
        <Badge size="xs" variant="light" color="gray">
          Draft
        </Badge>
      )}
      {item.kind === 'menu' && item.menu.fromParent && (
        <Badge size="xs" variant="light" color="grape">
          Parent
        </Badge>
      )}
    </Group>
  );
}

/** An item of the side panel that can be dragged onto the layout (mouse, touch or keyboard). */
export function DraggableChip({ id, item, hint }: { id: string; item: DragItem; hint: string }) {
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({ id, data: item });
  return (
    <button
      type="button"
      ref={setNodeRef}
      {...attributes}
      {...listeners}
      aria-label={`${item.kind === 'menu' ? `Menu ${item.menu.name}` : item.label}: ${hint}`}
      className={classes.draggable}
      data-dragging={isDragging || undefined}
    >
      <DragChip item={item} />
    </button>
  );
}

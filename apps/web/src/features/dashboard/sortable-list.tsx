import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon } from '@mantine/core';
import { IconGripVertical } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import classes from './dashboard.module.css';

export interface SortableHandleProps {
  /** Spread on the drag handle: pointer and keyboard listeners with their ARIA attributes. */
  handle: ReactNode;
  dragging: boolean;
}

interface SortableListProps<Item> {
  items: Item[];
  itemId: (item: Item) => string;
  itemName: (item: Item) => string;
  /** What is being moved, for screen readers ("category", "dish"). */
  noun: string;
  disabled?: boolean;
  onReorder: (items: Item[]) => void;
  renderItem: (item: Item, props: SortableHandleProps) => ReactNode;
}

/**
 * A vertical list ordered by drag and drop, with the mouse, touch or the keyboard (focus the handle,
 * Space to lift, arrow keys to move, Space to drop, Escape to cancel), announcing each move by name.
 */
export function SortableList<Item>({
  items,
  itemId,
  itemName,
  noun,
  disabled = false,
  onReorder,
  renderItem,
}: SortableListProps<Item>) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = items.map(itemId);
  const nameOf = (id: UniqueIdentifier) => {
    const item = items.find((candidate) => itemId(candidate) === id);
    return item ? itemName(item) : noun;
  };
  const positionOf = (id: UniqueIdentifier) => ids.indexOf(String(id)) + 1;

  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      `Picked up ${noun} ${nameOf(active.id)}, position ${positionOf(active.id)} of ${ids.length}.`,
    onDragOver: ({ active, over }) =>
      over ? `${nameOf(active.id)} moved to position ${positionOf(over.id)} of ${ids.length}.` : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? `${nameOf(active.id)} dropped at position ${positionOf(over.id)} of ${ids.length}.`
        : `${nameOf(active.id)} dropped.`,
    onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} was cancelled.`,
  };

  const handleDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    if (from < 0 || to < 0) return;
    onReorder(arrayMove(items, from, to));
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={handleDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable: `To reorder, press Space to pick up the ${noun}, use the arrow keys to move it, Space to drop it, or Escape to cancel.`,
        },
      }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy} disabled={disabled}>
        {items.map((item) => (
          <SortableItem
            key={itemId(item)}
            id={itemId(item)}
            label={`Move ${itemName(item)}`}
            disabled={disabled}
          >
            {(props) => renderItem(item, props)}
          </SortableItem>
        ))}
      </SortableContext>
    </DndContext>
  );
}

function SortableItem({
  id,
  label,
  disabled,
  children,
}: {
  id: string;
  label: string;
  disabled: boolean;
  children: (props: SortableHandleProps) => ReactNode;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id, disabled });
  const handle = disabled ? null : (
    <ActionIcon
      ref={setActivatorNodeRef}
      variant="subtle"
      color="gray"
      size="md"
      className={classes.handle}
      {...attributes}
      {...listeners}
      aria-label={label}
    >
      <IconGripVertical size={16} />
    </ActionIcon>
  );
  return (
    <div ref={setNodeRef} style={{ transform: CSS.Translate.toString(transform), transition }}>
      {children({ handle, dragging: isDragging })}
    </div>
  );
}

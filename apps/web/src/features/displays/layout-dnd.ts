import type { LayoutMenu } from '@carte/domain';
import type {
  ClientRect,
  CollisionDetection,
  KeyboardCoordinateGetter,
  UniqueIdentifier,
} from '@dnd-kit/core';

/**
 * What is dragged: a display type from the panel, or a menu with the locations whose displays may
 * hold it (a location's own menus go to its displays only; a parent's to every location's).
 */
export type DragItem =
  | { kind: 'type'; type: 'zone' | 'display'; label: string }
  | { kind: 'menu'; menu: LayoutMenu['menu']; locations: readonly string[] };

/**
 * Where it may land: a location takes zones, a zone takes displays and menus, a display menus;
 * `locationId` is the location the target belongs to.
 */
export type DropTarget =
  | { kind: 'location'; id: string; name: string; locationId: string }
  | { kind: 'zone'; id: string; name: string; locationId: string }
  | { kind: 'display'; id: string; name: string; locationId: string };

const accepted: Record<DropTarget['kind'], readonly string[]> = {
  location: ['zone'],
  zone: ['display', 'menu'],
  display: ['menu'],
};

const keyOf = (item: DragItem) => (item.kind === 'menu' ? 'menu' : item.type);

export const accepts = (item: DragItem | undefined, target: DropTarget | undefined): boolean =>
  Boolean(
    item &&
      target &&
      accepted[target.kind].includes(keyOf(item)) &&
      (item.kind !== 'menu' || item.locations.includes(target.locationId)),
  );

const area = (rect: ClientRect) => rect.width * rect.height;
const inside = (point: { x: number; y: number }, rect: ClientRect) =>
  point.x >= rect.left && point.x <= rect.right && point.y >= rect.top && point.y <= rect.bottom;

/**
 * The innermost target that takes the dragged item, under the pointer (or, with the keyboard, under
 * the dragged item's corner): targets nest (a display in a zone in a location), and the one a user
 * aims at is the smallest holding the point.
 */
export const innermostTarget: CollisionDetection = ({
  active,
  droppableContainers,
  droppableRects,
  pointerCoordinates,
  collisionRect,
}) => {
  const point = pointerCoordinates ?? { x: collisionRect.left + 1, y: collisionRect.top + 1 };
  const item = active.data.current as DragItem | undefined;
  return droppableContainers
    .flatMap((container) => {
      const rect = droppableRects.get(container.id);
      return rect && accepts(item, container.data.current as DropTarget) && inside(point, rect)
        ? [{ id: container.id, data: { droppableContainer: container, value: area(rect) } }]
        : [];
    })
    .sort((a, b) => a.data.value - b.data.value);
};

/**
 * Keyboard dragging (dnd-kit's KeyboardSensor): the arrow keys jump from one target that takes the
 * item to the next in reading order (Down/Right forward, Up/Left back), so a keyboard user reaches
 * any table in a few presses instead of nudging the item pixel by pixel.
 */
export const targetKeyboardCoordinates: KeyboardCoordinateGetter = (event, { context }) => {
  const forward = event.code === 'ArrowDown' || event.code === 'ArrowRight';
  const back = event.code === 'ArrowUp' || event.code === 'ArrowLeft';
  if (!forward && !back) return undefined;
  event.preventDefault();
  const item = context.active?.data.current as DragItem | undefined;
  const targets = context.droppableContainers
    .getEnabled()
    .flatMap((container) => {
      const rect = context.droppableRects.get(container.id);
      return rect && accepts(item, container.data.current as DropTarget) ? [{ id: container.id, rect }] : [];
    })
    .sort((a, b) => a.rect.top - b.rect.top || a.rect.left - b.rect.left);
  if (targets.length === 0) return undefined;
  // While the page scrolls to a target below the fold (a parent's locations), nothing is under the
  // item yet: the next key goes on from the target chosen last, not from the first again.
  const from =
    context.over?.id ?? (lastJump && lastJump.drag === context.activatorEvent ? lastJump.target : undefined);
  const index = targets.findIndex((target) => target.id === from);
  const next =
    index === -1
      ? targets[forward ? 0 : targets.length - 1]
      : targets[(index + (forward ? 1 : -1) + targets.length) % targets.length];
  if (!next) return undefined;
  lastJump = { drag: context.activatorEvent, target: next.id };
  return { x: next.rect.left + 8, y: next.rect.top + 8 };
};

/** The target the keyboard jumped to last, in the drag under way (the key press that started it). */
let lastJump: { drag: Event | null; target: UniqueIdentifier } | null = null;

import { type Layout, type LayoutMenu, messages } from '@carte/domain';
import {
  type Announcements,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { displayKeys, displaysApi, useLayout } from '../../api/displays.api.ts';
import { confirmAction, confirmDelete } from '../../ui/confirm.tsx';
import { notifyError, notifyFailure } from '../../ui/notify.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { PageLoader } from '../../ui/page-loader.tsx';
import { DragChip } from './drag-chip.tsx';
import { LocationCard } from './layout-cards.tsx';
import {
  accepts,
  type DragItem,
  type DropTarget,
  innermostTarget,
  targetKeyboardCoordinates,
} from './layout-dnd.ts';
import {
  addDisplay,
  addMenu,
  addZone,
  changedLocations,
  deleteDisplay,
  deleteZone,
  findDisplay,
  findZone,
  menuGroups,
  menuInLocation,
  removeMenu,
  renameDisplay,
  renameZone,
} from './layout-tree.ts';
import classes from './menu-display.module.css';
import { SidePanel } from './side-panel.tsx';

type SaveState = 'idle' | 'saving' | 'saved' | 'failed';

/**
 * Saves after each change (doc 2 §4: "each drag or delete saves automatically") the trees of the
 * locations it changed, one request at a time: changes made while one is under way are sent
 * together after it. The screen shows the tree at once; when a save fails it shows the server's
 * tree again.
 */
function useLayoutEditor() {
  const query = useLayout();
  const queryClient = useQueryClient();
  const [tree, setTree] = useState<Layout | null>(null);
  const [saveState, setSaveState] = useState<SaveState>('idle');
  const queue = useRef<{ running: boolean; next: Layout | null; saved: Layout | null }>({
    running: false,
    next: null,
    saved: null,
  });

  useEffect(() => {
    if (query.data && !queue.current.running) {
      queue.current.saved = query.data;
      setTree(query.data);
    }
  }, [query.data]);

  const flush = async () => {
    const state = queue.current;
    state.running = true;
    setSaveState('saving');
    while (state.next) {
      const sending = state.next;
      state.next = null;
      try {
        // Only the locations this change touched: a parent's save leaves its other locations alone.
        const saved = await displaysApi.save(changedLocations(state.saved, sending));
        state.saved = saved;
        if (!state.next) {
          setTree(saved);
          queryClient.setQueryData(displayKeys.layout, saved);
          setSaveState('saved');
        }
      } catch (error) {
        state.next = null;
        notifyFailure(error);
        setSaveState('failed');
        const fresh = await query.refetch();
        if (fresh.data) {
          state.saved = fresh.data;
          setTree(fresh.data);
        }
      }
    }
    state.running = false;
  };

  const commit = (next: Layout) => {
    setTree(next);
    queue.current.next = next;
    if (!queue.current.running) void flush();
  };

  return { query, tree, commit, saveState };
}

const saveLabel: Record<SaveState, string> = {
  idle: 'Every change is saved at once',
  saving: 'Saving…',
  saved: 'All changes saved',
  failed: messages.layoutSaveFailed,
};

/**
 * /menu-display, the layout editor (doc 2 §2, §4): the restaurant's locations (a parent's own, then
 * each of its locations), zones and menu displays, each display with its menus, its public address
 * and its QR code. Display types and menus are dragged from the side panel by mouse, touch or
 * keyboard (dnd-kit sensors); a location's displays take only its own menus and its parent's.
 */
export function MenuDisplayPage() {
  const { query, tree, commit, saveState } = useLayoutEditor();
  const [dragging, setDragging] = useState<DragItem | null>(null);
  const [panelOpen, setPanelOpen] = useState(true);

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 6 } }),
    // An instant scroll: the announcement then names the target the key jumped to at once.
    useSensor(KeyboardSensor, { coordinateGetter: targetKeyboardCoordinates, scrollBehavior: 'auto' }),
  );

  if (query.isPending || !tree) {
    if (query.isError) {
      return (
        <Alert color="red" title={messages.layoutLoadFailed}>
          <Button variant="light" color="red" mt="sm" onClick={() => query.refetch()}>
            Try again
          </Button>
        </Alert>
      );
    }
    return <PageLoader />;
  }

  const dropMenu = async (dragged: LayoutMenu['menu'], target: DropTarget) => {
    // As the target's location holds it: a parent's menu is `fromParent` in a location's display.
    const menu = menuInLocation(tree, target.locationId, dragged._id) ?? dragged;
    if (target.kind === 'display') {
      const display = findDisplay(tree, target.id);
      if (!display) return;
      if (display.menus.some((entry) => entry.menu._id === menu._id)) {
        notifyError(messages.menuAlreadyInMap);
        return;
      }
      commit(addMenu(tree, [display._id], menu));
      return;
    }
    if (target.kind !== 'zone') return;
    const zone = findZone(tree, target.id);
    if (!zone) return;
    if (zone.maps.length === 0) {
      notifyError(messages.zoneHasNoDisplays);
      return;
    }
    const missing = zone.maps.filter(
      (display) => !display.menus.some((entry) => entry.menu._id === menu._id),
    );
    if (missing.length === 0) {
      notifyError(messages.menuAlreadyInMap);
      return;
    }
    // doc 2 §4: dropped on a zone of several displays, it asks whether to add it to all of them.
    if (zone.maps.length > 1) {
      const confirmed = await confirmAction({
        title: 'Add to every display?',
        message: messages.addMenuToAllDisplays(menu.name, zone.name, zone.maps.length),
        confirmLabel: 'Add to all',
      });
      if (!confirmed) return;
    }
    commit(
      addMenu(
        tree,
        missing.map((display) => display._id),
        menu,
      ),
    );
  };

  const handleDragStart = ({ active }: DragStartEvent) =>
    setDragging((active.data.current as DragItem) ?? null);
  const handleDragEnd = ({ active, over }: DragEndEvent) => {
    setDragging(null);
    const item = active.data.current as DragItem | undefined;
    const target = over?.data.current as DropTarget | undefined;
    if (!item || !target || !accepts(item, target)) return;
    if (item.kind === 'menu') void dropMenu(item.menu, target);
    else if (item.type === 'zone' && target.kind === 'location') commit(addZone(tree, target.id));
    else if (item.type === 'display' && target.kind === 'zone') commit(addDisplay(tree, target.id));
  };

  const nameOfItem = (item: DragItem | undefined) =>
    !item ? 'item' : item.kind === 'menu' ? `menu ${item.menu.name}` : item.label;
  // A parent's locations may hold the same names ("Table 1"): theirs say which location they are in.
  const locationNames = new Map(tree.locations.map((location) => [location._id, location.name]));
  const nameOfTarget = (target: DropTarget | undefined) => {
    if (!target) return 'nowhere';
    const where =
      target.kind !== 'location' && target.locationId !== tree.locations[0]?._id
        ? ` at ${locationNames.get(target.locationId) ?? 'a location'}`
        : '';
    return `${target.kind === 'display' ? 'menu display' : target.kind} ${target.name}${where}`;
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${nameOfItem(active.data.current as DragItem)}.`,
    onDragOver: ({ active, over }) =>
      over
        ? `${nameOfItem(active.data.current as DragItem)} is over ${nameOfTarget(over.data.current as DropTarget)}.`
        : `${nameOfItem(active.data.current as DragItem)} is over no place that takes it.`,
    onDragEnd: ({ active, over }) =>
      over
        ? `${nameOfItem(active.data.current as DragItem)} dropped on ${nameOfTarget(over.data.current as DropTarget)}.`
        : `${nameOfItem(active.data.current as DragItem)} dropped nowhere.`,
    onDragCancel: ({ active }) => `Moving ${nameOfItem(active.data.current as DragItem)} was cancelled.`,
  };

  const handleDeleteZone = async (zoneId: string, name: string) => {
    if (
      await confirmDelete(
        `zone "${name}"`,
        'Its menu displays are deleted too, and their QR codes stop working.',
      )
    )
      commit(deleteZone(tree, zoneId));
  };
  const handleDeleteDisplay = async (displayId: string, name: string) => {
    if (await confirmDelete(`menu display "${name}"`, 'Its QR code and link stop working.'))
      commit(deleteDisplay(tree, displayId));
  };

  const [own, ...locations] = tree.locations;
  const renderLocation = (location: Layout['locations'][number], ownLocation: boolean) => (
    <LocationCard
      key={location._id}
      location={location}
      own={ownLocation}
      onRenameZone={(id, name) => commit(renameZone(tree, id, name))}
      onDeleteZone={handleDeleteZone}
      onRenameDisplay={(id, name) => commit(renameDisplay(tree, id, name))}
      onDeleteDisplay={handleDeleteDisplay}
      onRemoveMenu={(displayId, menuId) => commit(removeMenu(tree, displayId, menuId))}
    />
  );

  return (
    <Stack gap="lg">
      <PageHeader
        title="Menu displays"
        description="Give each zone and table its own menus, link and QR code."
        actions={
          <Text size="sm" c={saveState === 'failed' ? 'red' : 'dimmed'} role="status" aria-live="polite">
            {saveLabel[saveState]}
          </Text>
        }
      />
      <DndContext
        sensors={sensors}
        collisionDetection={innermostTarget}
        onDragStart={handleDragStart}
        onDragEnd={handleDragEnd}
        onDragCancel={() => setDragging(null)}
        accessibility={{
          announcements,
          screenReaderInstructions: {
            draggable:
              'To place this item, press Space to pick it up, use the arrow keys to move between the places that take it, Space to drop it, or Escape to cancel.',
          },
        }}
      >
        <div className={classes.editor} data-panel-open={panelOpen || undefined}>
          <SidePanel
            open={panelOpen}
            onToggle={() => setPanelOpen((open) => !open)}
            groups={menuGroups(tree)}
          />
          <Stack gap="lg" className={classes.canvas}>
            {own && renderLocation(own, true)}
            {locations.length > 0 && (
              <Stack gap="lg" component="section" aria-labelledby="locations-heading">
                <div>
                  <Title order={2} size="h4" id="locations-heading">
                    {own ? `Locations of ${own.name}` : 'Locations'}
                  </Title>
                  <Text size="sm" c="dimmed">
                    Each location's displays show its own menus and yours. Its QR design is its own, set in
                    its settings.
                  </Text>
                </div>
                {locations.map((location) => renderLocation(location, false))}
              </Stack>
            )}
            <Group gap="xs">
              <Text size="xs" c="dimmed">
                Tip: focus an item in the panel, press Space, move with the arrow keys and press Space to
                drop.
              </Text>
            </Group>
          </Stack>
        </div>
        <DragOverlay dropAnimation={null}>
          {dragging ? <DragChip item={dragging} overlay /> : null}
        </DragOverlay>
      </DndContext>
    </Stack>
  );
}

import { type CategoryAdjustmentInput, type MenuTimeline, messages } from '@carte/domain';
import {
  Accordion,
  Alert,
  Badge,
  Button,
  EmptyState,
  Group,
  Modal,
  ScrollArea,
  Stack,
  Switch,
  Text,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconCategory } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useUpdateCategoriesTimeline } from '../../api/timeline.api.ts';
import { confirmAction } from '../../ui/confirm.tsx';
import { notifyFailure, notifySuccess } from '../../ui/notify.ts';
import { hasScheduleErrors } from './schedule-errors.ts';
import { ScheduleFields } from './schedule-fields.tsx';
import {
  adjustmentValues,
  describeSchedule,
  type ScheduleValues,
  sameSchedule,
  scheduleTimes,
} from './schedule-values.ts';

interface Entry {
  category: MenuTimeline['categories'][number]['category'];
  /** "Use the menu's hours": no adjustment. */
  follow: boolean;
  schedule: ScheduleValues;
}

interface CategoriesAdjustmentsModalProps {
  opened: boolean;
  onClose: () => void;
  timeline: MenuTimeline;
  /** The menu's saved hours: where a new adjustment starts from. */
  menuHours: ScheduleValues;
  readOnly: boolean;
  onDirtyChange: (dirty: boolean) => void;
}

const entriesOf = (timeline: MenuTimeline, menuHours: ScheduleValues): Entry[] =>
  timeline.categories.map(({ category, adjustment }) => ({
    category,
    follow: adjustment === null,
    schedule: adjustment ? adjustmentValues(adjustment) : { ...menuHours },
  }));

const changed = (entry: Entry, saved: Entry | undefined): boolean =>
  !saved || entry.follow !== saved.follow || (!entry.follow && !sameSchedule(entry.schedule, saved.schedule));

/**
 * "Categories Adjustments" (doc 2 §2, §3): per category of the menu, its own days, start time, end
 * time and 24-hour flag, or "Use the menu's hours". Outside its own hours a category is hidden on the
 * public menu, and it never shows while the menu is closed (decisions §4). Only changed categories
 * are sent (updateCategoriesTimeline, doc 2 §7).
 */
export function CategoriesAdjustmentsModal({
  opened,
  onClose,
  timeline,
  menuHours,
  readOnly,
  onDirtyChange,
}: CategoriesAdjustmentsModalProps) {
  const fullScreen = useMediaQuery('(max-width: 36em)', false);
  const save = useUpdateCategoriesTimeline();
  const [saved, setSaved] = useState<Entry[]>(() => entriesOf(timeline, menuHours));
  const [entries, setEntries] = useState<Entry[]>(saved);

  // Each opening starts from what is saved; a reload while the dialog is open keeps the edits.
  const [wasOpened, setWasOpened] = useState(opened);
  if (opened !== wasOpened) {
    setWasOpened(opened);
    if (opened) {
      const fresh = entriesOf(timeline, menuHours);
      setSaved(fresh);
      setEntries(fresh);
    }
  }

  const pending = entries.filter((entry, index) => changed(entry, saved[index]));
  const dirty = opened && pending.length > 0;
  const invalid = entries.some((entry) => !entry.follow && hasScheduleErrors(entry.schedule));
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  const update = (index: number, patch: Partial<Entry>) =>
    setEntries((current) => current.map((entry, i) => (i === index ? { ...entry, ...patch } : entry)));

  const requestClose = async () => {
    if (save.isPending) return;
    if (dirty) {
      const leave = await confirmAction({
        title: messages.unsavedChanges,
        message: 'Close without saving the category hours?',
        confirmLabel: 'Discard changes',
        cancelLabel: 'Keep editing',
        danger: true,
      });
      if (!leave) return;
    }
    onClose();
  };

  const handleSave = async () => {
    const categoriesAdjustments: CategoryAdjustmentInput[] = pending.map((entry) =>
      entry.follow
        ? { category: entry.category._id, remove: true }
        : {
            category: entry.category._id,
            valid: scheduleTimes(entry.schedule),
            twentyFourHoursAvailable: entry.schedule.twentyFourHours,
          },
    );
    try {
      await save.mutateAsync({ menu_id: timeline.menu._id, categoriesAdjustments });
      notifySuccess(messages.changesSaved);
      setSaved(entries);
      onDirtyChange(false);
      onClose();
    } catch (error) {
      notifyFailure(error);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={() => void requestClose()}
      title={
        <Text fw={700} size="lg">
          Category hours
        </Text>
      }
      size="lg"
      fullScreen={fullScreen}
      scrollAreaComponent={ScrollArea.Autosize}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Give a category its own days and hours in <strong>{timeline.menu.name}</strong>. Outside them it is
          hidden on your public menu, and it never shows while the menu itself is closed. Menu hours:{' '}
          {describeSchedule(menuHours)}.
        </Text>
        {dirty && (
          <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} py="xs" role="status">
            {messages.unsavedChanges}
          </Alert>
        )}
        {entries.length === 0 ? (
          <EmptyState
            icon={<IconCategory size={26} stroke={1.6} />}
            withIndicatorBackground
            title="No categories in this menu"
            description="Add categories to the menu on the dashboard, then give them their own hours here."
          />
        ) : (
          <Accordion variant="separated" radius="md" multiple chevronPosition="right">
            {entries.map((entry, index) => (
              <Accordion.Item key={entry.category._id} value={entry.category._id}>
                <Accordion.Control>
                  <Group justify="space-between" gap="xs" wrap="nowrap">
                    <Stack gap={2} miw={0} style={{ flex: 1 }}>
                      <Text fw={600} truncate>
                        {entry.category.name}
                      </Text>
                      <Text size="xs" c="dimmed" truncate>
                        {entry.follow ? "Follows the menu's hours" : describeSchedule(entry.schedule)}
                      </Text>
                    </Stack>
                    <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
                      {!entry.category.isAvailable && (
                        <Badge size="sm" variant="light" color="gray">
                          Unavailable
                        </Badge>
                      )}
                      {changed(entry, saved[index]) ? (
                        <Badge size="sm" variant="light" color="yellow">
                          Edited
                        </Badge>
                      ) : (
                        !entry.follow && (
                          <Badge size="sm" variant="light" color="teal">
                            Own hours
                          </Badge>
                        )
                      )}
                    </Group>
                  </Group>
                </Accordion.Control>
                <Accordion.Panel>
                  <Stack gap="md" pt={4}>
                    <Switch
                      label="Use the menu's hours"
                      description="Shown whenever the menu is open"
                      checked={entry.follow}
                      disabled={readOnly}
                      onChange={(event) => update(index, { follow: event.currentTarget.checked })}
                    />
                    {!entry.follow && (
                      <ScheduleFields
                        value={entry.schedule}
                        onChange={(schedule) => update(index, { schedule })}
                        disabled={readOnly}
                        twentyFourHoursHint="All day on the selected days"
                      />
                    )}
                  </Stack>
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => void requestClose()} disabled={save.isPending}>
            {readOnly ? 'Close' : 'Cancel'}
          </Button>
          {!readOnly && (
            <Button
              onClick={() => void handleSave()}
              loading={save.isPending}
              disabled={pending.length === 0 || invalid}
            >
              Save
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}

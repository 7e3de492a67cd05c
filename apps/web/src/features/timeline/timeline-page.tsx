import '@mantine/dates/styles.css';
import { type Menu, type MenuTimeline, menuSchedule, messages, weekDays } from '@carte/domain';
import {
  Alert,
  Badge,
  Button,
  Card,
  EmptyState,
  Grid,
  Group,
  Select,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertCircle, IconCalendarTime, IconLock, IconPlus, IconWorld } from '@tabler/icons-react';
import { type FormEvent, useCallback, useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useSelectedMenu } from '../../api/menus.api.ts';
import { useMenuTimeline, useUpdateMenuTimeline } from '../../api/timeline.api.ts';
import { confirmAction } from '../../ui/confirm.tsx';
import { errorMessage, notifyFailure, notifySuccess } from '../../ui/notify.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { UnsavedChangesBanner, useUnsavedChangesGuard } from '../../ui/unsaved-changes.tsx';
import { useCan } from '../../ui/use-can.ts';
import { CategoriesAdjustmentsModal } from './categories-adjustments-modal.tsx';
import { hasScheduleErrors } from './schedule-errors.ts';
import { ScheduleFields } from './schedule-fields.tsx';
import {
  adjustmentValues,
  describeSchedule,
  type ScheduleValues,
  sameSchedule,
  scheduleTimes,
} from './schedule-values.ts';
import classes from './timeline.module.css';
import { zoneOffsetLabel } from './week-strip.ts';
import { type StripLane, WeekStrip } from './week-strip.tsx';

/** Colours of the category lanes, after the menu's own (the brand colour). */
const laneColors = ['teal', 'indigo', 'grape', 'orange', 'cyan', 'lime', 'pink', 'violet'];

/** The present moment, moved every 30 s like the public page's timeline check (doc 2 §9). */
function useNow(intervalMs = 30_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = window.setInterval(() => setNow(new Date()), intervalMs);
    return () => window.clearInterval(id);
  }, [intervalMs]);
  return now;
}

/**
 * /timeline (doc 2 §2 "Timeline screen"; needs the menu flag, doc 2 §6): pick a menu, set its days,
 * start time, end time and 24HR flag, see the week it gives on the restaurant's clock, and open
 * "Categories Adjustments". Menus of the parent restaurant are shown read-only.
 */
export function TimelinePage() {
  const can = useCan();
  const { menu, menus, isLoading, isError, error, select } = useSelectedMenu();
  const [dirty, setDirty] = useState(false);

  const handlePick = async (id: string | null) => {
    if (!id || id === menu?._id) return;
    if (dirty) {
      const leave = await confirmAction({
        title: messages.unsavedChanges,
        message: 'Switch menus without saving the hours of this one?',
        confirmLabel: 'Discard changes',
        cancelLabel: 'Stay',
        danger: true,
      });
      if (!leave) return;
    }
    setDirty(false);
    select(id);
  };

  return (
    <Stack gap="lg">
      <PageHeader
        title="Timeline"
        description="Choose when each menu, and each of its categories, appears on your public menu."
        actions={
          menus.length > 0 && (
            <MenuPicker menus={menus} value={menu?._id ?? null} onChange={(id) => void handlePick(id)} />
          )
        }
      />
      {isLoading ? (
        <TimelineSkeleton />
      ) : isError ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
          {errorMessage(error)}
        </Alert>
      ) : !menu ? (
        <Card>
          <EmptyState
            icon={<IconCalendarTime size={28} stroke={1.6} />}
            withIndicatorBackground
            title="No menus yet"
            description="Create a menu first, then choose the days and hours it is shown."
          >
            {can('menu') && (
              <EmptyState.Actions>
                <Button component={Link} to="/create-menu" leftSection={<IconPlus size={16} />}>
                  Create a menu
                </Button>
              </EmptyState.Actions>
            )}
          </EmptyState>
        </Card>
      ) : (
        <MenuTimelineSection
          key={menu._id}
          menuId={menu._id}
          canEdit={can('menu')}
          onDirtyChange={setDirty}
        />
      )}
    </Stack>
  );
}

function MenuPicker({
  menus,
  value,
  onChange,
}: {
  menus: Menu[];
  value: string | null;
  onChange: (id: string | null) => void;
}) {
  const byId = useMemo(() => new Map(menus.map((item) => [item._id, item])), [menus]);
  const own = menus.filter((item) => !item.fromParent);
  const inherited = menus.filter((item) => item.fromParent);
  const data = [
    { group: 'Your menus', items: own.map((item) => ({ value: item._id, label: item.name })) },
    ...(inherited.length > 0
      ? [
          {
            group: 'From the parent restaurant',
            items: inherited.map((item) => ({ value: item._id, label: item.name })),
          },
        ]
      : []),
  ];
  return (
    <Select
      className={classes.menuPicker}
      label="Menu"
      data={data}
      value={value}
      onChange={onChange}
      allowDeselect={false}
      searchable={menus.length > 8}
      comboboxProps={{ withinPortal: true }}
      renderOption={({ option }) => {
        const item = byId.get(option.value);
        return (
          <Group gap="xs" wrap="nowrap" justify="space-between" w="100%">
            <Text size="sm" truncate>
              {option.label}
            </Text>
            {item?.fromParent ? (
              <IconLock size={14} aria-label="Read-only" />
            ) : item?.draft ? (
              <Badge size="xs" variant="light" color="gray">
                Draft
              </Badge>
            ) : (
              <Badge size="xs" variant="light" color="teal">
                Published
              </Badge>
            )}
          </Group>
        );
      }}
    />
  );
}

function MenuTimelineSection({
  menuId,
  canEdit,
  onDirtyChange,
}: {
  menuId: string;
  canEdit: boolean;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const timeline = useMenuTimeline(menuId);
  if (timeline.isPending) return <TimelineSkeleton />;
  if (!timeline.data) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
        {errorMessage(timeline.error)}
      </Alert>
    );
  }
  return <TimelineEditor timeline={timeline.data} canEdit={canEdit} onDirtyChange={onDirtyChange} />;
}

function TimelineEditor({
  timeline,
  canEdit,
  onDirtyChange,
}: {
  timeline: MenuTimeline;
  canEdit: boolean;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const { menu, timeZone } = timeline;
  const readOnly = menu.fromParent || !canEdit;
  const save = useUpdateMenuTimeline();
  const now = useNow();
  const [baseline, setBaseline] = useState<ScheduleValues>(() => menuSchedule(menu));
  const [values, setValues] = useState<ScheduleValues>(baseline);
  const [adjusting, setAdjusting] = useState(false);
  const [modalDirty, setModalDirty] = useState(false);
  const [attempted, setAttempted] = useState(false);

  const dirty = !readOnly && !sameSchedule(values, baseline);
  const invalid = hasScheduleErrors(values);
  useUnsavedChangesGuard((dirty || modalDirty) && !save.isPending);
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  const handleModalDirty = useCallback((next: boolean) => setModalDirty(next), []);

  const adjusted = useMemo(
    () => timeline.categories.filter((item) => item.adjustment !== null),
    [timeline.categories],
  );
  const lanes = useMemo<StripLane[]>(
    () => [
      { key: menu._id, label: menu.name, schedule: values, color: 'carte', kind: 'menu' },
      ...adjusted.map((item, index) => ({
        key: item.category._id,
        label: item.category.name,
        schedule: adjustmentValues(item.adjustment!),
        color: laneColors[index % laneColors.length]!,
        kind: 'category' as const,
      })),
    ],
    [menu._id, menu.name, values, adjusted],
  );
  // The saved hours, stable between renders, for the adjustments dialog.
  const savedHours = useMemo(() => menuSchedule(menu), [menu]);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (readOnly || invalid || !dirty) return;
    try {
      const answer = await save.mutateAsync({
        _id: menu._id,
        valid: scheduleTimes(values),
        twentyFourHoursMenuAvailable: values.twentyFourHours,
      });
      const next = menuSchedule(answer);
      setBaseline(next);
      setValues(next);
      setAttempted(false);
      notifySuccess(messages.changesSaved);
    } catch (error) {
      notifyFailure(error);
    }
  };

  const offset = zoneOffsetLabel(timeZone, now);

  return (
    <Stack gap="lg">
      {menu.fromParent && (
        <Alert color="gray" variant="light" icon={<IconLock size={18} />}>
          {messages.menuFromParentWarning}
        </Alert>
      )}
      <UnsavedChangesBanner dirty={dirty} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Stack gap="lg">
            <Card component="form" noValidate onSubmit={(event) => void handleSubmit(event)}>
              <Stack gap="lg">
                <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
                  <div>
                    <Title order={2} fz="h3">
                      Menu hours
                    </Title>
                    <Text size="sm" c="dimmed">
                      When <strong>{menu.name}</strong> is shown to guests.
                    </Text>
                  </div>
                  <Badge
                    variant="light"
                    style={{ flexShrink: 0 }}
                    color={menu.fromParent || menu.draft ? 'gray' : 'teal'}
                    leftSection={menu.fromParent ? <IconLock size={12} /> : undefined}
                  >
                    {menu.fromParent ? 'Read-only' : menu.draft ? 'Draft' : 'Published'}
                  </Badge>
                </Group>
                <ScheduleFields
                  value={values}
                  onChange={setValues}
                  disabled={readOnly}
                  twentyFourHoursHint="Open all day on the selected days"
                  showAllErrors={attempted}
                />
                {!readOnly && (
                  <Group justify="flex-end" gap="sm">
                    {dirty && (
                      <Button variant="default" onClick={() => setValues(baseline)} disabled={save.isPending}>
                        Discard
                      </Button>
                    )}
                    <Button type="submit" loading={save.isPending} disabled={!dirty || invalid}>
                      Save
                    </Button>
                  </Group>
                )}
              </Stack>
            </Card>

            <Card>
              <Stack gap="md">
                <div>
                  <Title order={2} fz="h3">
                    Category hours
                  </Title>
                  <Text size="sm" c="dimmed">
                    {timeline.categories.length === 0
                      ? 'This menu has no categories yet.'
                      : adjusted.length === 0
                        ? `All ${timeline.categories.length} categories follow the menu's hours.`
                        : `${adjusted.length} of ${timeline.categories.length} categories have their own hours; outside them they are hidden.`}
                  </Text>
                </div>
                {adjusted.length > 0 && (
                  <div className={classes.adjustedList}>
                    {adjusted.map((item, index) => (
                      <Group key={item.category._id} gap="sm" wrap="nowrap" align="center">
                        <span
                          className={`${classes.swatch} ${classes.swatchThin}`}
                          style={{
                            backgroundColor: `var(--mantine-color-${laneColors[index % laneColors.length]}-6)`,
                          }}
                          aria-hidden
                        />
                        <Text size="sm" fw={600} truncate miw={0} style={{ flex: '0 1 auto' }}>
                          {item.category.name}
                        </Text>
                        <Text size="sm" c="dimmed" truncate miw={0} style={{ flex: 1 }}>
                          {describeSchedule(adjustmentValues(item.adjustment!))}
                        </Text>
                      </Group>
                    ))}
                  </div>
                )}
                <Group>
                  <Button
                    variant="light"
                    leftSection={<IconCalendarTime size={16} />}
                    onClick={() => setAdjusting(true)}
                    disabled={timeline.categories.length === 0}
                  >
                    {readOnly ? 'View category hours' : 'Set category hours'}
                  </Button>
                </Group>
              </Stack>
            </Card>
          </Stack>
        </Grid.Col>

        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Card className={classes.stripCard}>
            <Stack gap="md">
              <Group justify="space-between" align="flex-start" gap="sm">
                <div>
                  <Title order={2} fz="h3">
                    This week
                  </Title>
                  <Text size="sm" c="dimmed">
                    {dirty ? 'Preview of your unsaved hours.' : 'What guests see, day by day.'}
                  </Text>
                </div>
                <Badge variant="default" size="lg" leftSection={<IconWorld size={14} />} tt="none" fw={500}>
                  {timeZone}
                  {offset && ` (${offset})`}
                </Badge>
              </Group>
              <WeekStrip lanes={lanes} timeZone={timeZone} now={now} />
              <div className={classes.legend}>
                {lanes.map((lane) => (
                  <Group key={lane.key} gap={6} wrap="nowrap">
                    <span
                      className={`${classes.swatch} ${lane.kind === 'category' ? classes.swatchThin : ''}`}
                      style={{ backgroundColor: `var(--mantine-color-${lane.color}-6)` }}
                      aria-hidden
                    />
                    <Text size="xs" c="dimmed">
                      {lane.label}
                    </Text>
                  </Group>
                ))}
                {adjusted.length > 0 && (
                  <Group gap={6} wrap="nowrap">
                    <span
                      className={`${classes.swatch} ${classes.swatchThin} ${classes.swatchOutside}`}
                      aria-hidden
                    />
                    <Text size="xs" c="dimmed">
                      Outside the menu's hours (hidden)
                    </Text>
                  </Group>
                )}
                <Group gap={6} wrap="nowrap">
                  <span
                    className={classes.swatch}
                    style={{ width: 2, backgroundColor: 'var(--mantine-color-dark-6)' }}
                    aria-hidden
                  />
                  <Text size="xs" c="dimmed">
                    Now
                  </Text>
                </Group>
              </div>
              <Text size="xs" c="dimmed">
                Times follow the restaurant’s clock ({timeZone}). Hours that end before they start run past
                midnight and count for the day they start. A category is only shown while its menu is open.
              </Text>
            </Stack>
          </Card>
        </Grid.Col>
      </Grid>

      <CategoriesAdjustmentsModal
        opened={adjusting}
        onClose={() => setAdjusting(false)}
        timeline={timeline}
        menuHours={savedHours}
        readOnly={readOnly}
        onDirtyChange={handleModalDirty}
      />
    </Stack>
  );
}

function TimelineSkeleton() {
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, lg: 5 }}>
        <Card>
          <Stack gap="md">
            <Skeleton height={24} width={140} />
            <Skeleton height={14} width="60%" />
            <Group gap={8}>
              {weekDays.map((day) => (
                <Skeleton key={day} height={30} width={86} radius="xl" />
              ))}
            </Group>
            <Group grow>
              <Skeleton height={58} />
              <Skeleton height={58} />
            </Group>
            <Skeleton height={36} />
          </Stack>
        </Card>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 7 }}>
        <Card>
          <Stack gap={10}>
            <Skeleton height={24} width={120} />
            {weekDays.map((day) => (
              <Skeleton key={day} height={30} />
            ))}
          </Stack>
        </Card>
      </Grid.Col>
    </Grid>
  );
}

import { weekDays } from '@carte/domain';
import { Button, Chip, Group, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { TimePicker } from '@mantine/dates';
import { IconClock } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { scheduleErrors } from './schedule-errors.ts';
import { dayNames, describeSchedule, type ScheduleValues, type WeekDay } from './schedule-values.ts';
import classes from './timeline.module.css';

interface ScheduleFieldsProps {
  value: ScheduleValues;
  onChange: (next: ScheduleValues) => void;
  disabled?: boolean;
  /** The 24-hour switch's label: "24HR" for a menu, the same for a category (doc 2 §2). */
  twentyFourHoursHint: string;
  /** Shows every error at once (after a save attempt), not only those of fields the user left. */
  showAllErrors?: boolean;
}

const presets: Array<{ label: string; days: readonly WeekDay[] }> = [
  { label: 'Every day', days: weekDays },
  { label: 'Weekdays', days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] },
  { label: 'Weekends', days: ['saturday', 'sunday'] },
];

/**
 * Days, start time, end time and the 24HR switch of a menu or of a category adjustment (doc 2 §2
 * "Timeline screen"). Times are typed or picked in 24-hour "HH:mm"; an end before the start means
 * the window ends the next day (decisions §4), which the summary line says.
 */
export function ScheduleFields({
  value,
  onChange,
  disabled = false,
  twentyFourHoursHint,
  showAllErrors = false,
}: ScheduleFieldsProps) {
  const daysLabel = useId();
  const [left, setLeft] = useState<{ startTime?: boolean; endTime?: boolean }>({});
  const errors = scheduleErrors(value);
  const shown = (field: 'startTime' | 'endTime') =>
    !value.twentyFourHours && (showAllErrors || left[field]) ? errors[field] : undefined;
  const set = (patch: Partial<ScheduleValues>) => onChange({ ...value, ...patch });
  const setDays = (days: readonly WeekDay[]) =>
    set(Object.fromEntries(weekDays.map((day) => [day, days.includes(day)])) as Partial<ScheduleValues>);

  return (
    <Stack gap="md">
      <Stack gap={8}>
        <Group justify="space-between" align="center" gap="xs">
          <Text component="span" fw={600} size="sm" id={daysLabel}>
            Days
          </Text>
          {!disabled && (
            <Group gap={4}>
              {presets.map((preset) => (
                <Button
                  key={preset.label}
                  size="compact-xs"
                  variant="subtle"
                  color="gray"
                  onClick={() => setDays(preset.days)}
                >
                  {preset.label}
                </Button>
              ))}
            </Group>
          )}
        </Group>
        <fieldset className={classes.days} aria-labelledby={daysLabel}>
          {weekDays.map((day) => (
            <Chip
              key={day}
              checked={value[day]}
              onChange={(checked) => set({ [day]: checked })}
              disabled={disabled}
              size="sm"
              variant="outline"
              classNames={{ label: classes.dayChip }}
            >
              <span className={classes.dayLong}>{dayNames[day].long}</span>
              <span className={classes.dayShort} aria-hidden>
                {dayNames[day].short}
              </span>
            </Chip>
          ))}
        </fieldset>
      </Stack>

      <Stack gap="sm">
        <Switch
          label="24HR"
          description={twentyFourHoursHint}
          checked={value.twentyFourHours}
          onChange={(event) => set({ twentyFourHours: event.currentTarget.checked })}
          disabled={disabled}
          size="md"
        />
        <SimpleGrid cols={2} spacing="md">
          <TimePicker
            label="Start time"
            format="24h"
            withDropdown
            minutesStep={5}
            value={value.startTime}
            onChange={(startTime) => set({ startTime })}
            onBlur={() => setLeft((current) => ({ ...current, startTime: true }))}
            disabled={disabled || value.twentyFourHours}
            error={shown('startTime')}
            hoursInputLabel="Start hour"
            minutesInputLabel="Start minutes"
          />
          <TimePicker
            label="End time"
            format="24h"
            withDropdown
            minutesStep={5}
            value={value.endTime}
            onChange={(endTime) => set({ endTime })}
            onBlur={() => setLeft((current) => ({ ...current, endTime: true }))}
            disabled={disabled || value.twentyFourHours}
            error={shown('endTime')}
            hoursInputLabel="End hour"
            minutesInputLabel="End minutes"
          />
        </SimpleGrid>
      </Stack>

      <Group gap={6} wrap="nowrap" align="flex-start" className={classes.summary}>
        <IconClock size={16} stroke={1.8} className={classes.summaryIcon} aria-hidden />
        <Text size="sm" c="dimmed" aria-live="polite">
          {describeSchedule(value)}
        </Text>
      </Group>
    </Stack>
  );
}

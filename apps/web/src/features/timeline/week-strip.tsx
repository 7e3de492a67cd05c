import type { Schedule } from '@carte/domain';
import { Text, Tooltip } from '@mantine/core';
import { type ReactNode, useMemo } from 'react';
import { describeSchedule } from './schedule-values.ts';
import classes from './timeline.module.css';
import {
  minuteLabel,
  type StripSegment,
  splitByMenu,
  stripPieces,
  stripWeek,
  windowLabel,
} from './week-strip.ts';

export interface StripLane {
  key: string;
  label: string;
  schedule: Schedule;
  /** A Mantine colour name. */
  color: string;
  /** The menu's lane is the tall one; categories are thin lanes under it. */
  kind: 'menu' | 'category';
}

interface WeekStripProps {
  lanes: StripLane[];
  timeZone: string;
  now: Date;
}

const ticks = [0, 6, 12, 18, 24];
const MINUTES_PER_DAY = 1440;

/**
 * The restaurant's current week, Monday to Sunday, with each lane's opening windows on its wall
 * clock (decisions §4: schedules are read in the restaurant's time zone) and a marker at the present
 * moment. Computed with the domain's `windowsBetween`, as the public menu evaluates schedules.
 */
export function WeekStrip({ lanes, timeZone, now }: WeekStripProps) {
  const week = useMemo(() => stripWeek(now, timeZone), [now, timeZone]);
  const pieces = useMemo(() => {
    const menuLane = lanes.find((lane) => lane.kind === 'menu');
    const menuPieces = menuLane ? stripPieces(menuLane.schedule, week, now, timeZone) : [];
    return lanes.map((lane) => {
      const own = lane === menuLane ? menuPieces : stripPieces(lane.schedule, week, now, timeZone);
      const segments: StripSegment[] =
        lane.kind === 'category'
          ? splitByMenu(own, menuPieces)
          : own.map((piece) => ({ ...piece, outside: false }));
      return { lane, pieces: segments };
    });
  }, [lanes, week, now, timeZone]);
  const summary = lanes.map((lane) => `${lane.label}: ${describeSchedule(lane.schedule)}`).join('. ');

  return (
    <div className={classes.strip} role="img" aria-label={`This week. ${summary}.`}>
      <div aria-hidden />
      <div className={classes.axis} aria-hidden>
        {ticks.map((hour) => (
          <span key={hour} className={classes.tick} style={{ left: `${(hour / 24) * 100}%` }}>
            {String(hour).padStart(2, '0')}
          </span>
        ))}
      </div>
      {week.days.map((day) => (
        <DayRow key={day.day} day={day}>
          <div className={classes.track} data-today={day.isToday || undefined}>
            {pieces.map(({ lane, pieces: lanePieces }) => (
              <div key={lane.key} className={classes.lane} data-kind={lane.kind}>
                {lanePieces
                  .filter((piece) => piece.dayIndex === day.index)
                  .map((piece) => {
                    const width = ((piece.endMinute - piece.startMinute) / MINUTES_PER_DAY) * 100;
                    const label = `${lane.label}: ${windowLabel(piece.start, piece.end, timeZone)}${
                      piece.outside ? ' (hidden while the menu is closed)' : ''
                    }`;
                    return (
                      <Tooltip
                        key={`${piece.start.getTime()}-${day.day}-${piece.startMinute}`}
                        label={label}
                        openDelay={150}
                      >
                        <div
                          className={classes.bar}
                          data-continued={piece.continued || undefined}
                          data-outside={piece.outside || undefined}
                          style={{
                            left: `${(piece.startMinute / MINUTES_PER_DAY) * 100}%`,
                            width: `${width}%`,
                            // A menu bar carries white text: the filled shade (7) keeps it at AA contrast.
                            ['--bar-color' as string]: `var(--mantine-color-${lane.color}-${lane.kind === 'menu' ? 7 : 6})`,
                            ['--bar-soft' as string]: `var(--mantine-color-${lane.color}-1)`,
                          }}
                        >
                          {lane.kind === 'menu' && piece.endMinute - piece.startMinute >= 240 && (
                            <span className={classes.barLabel}>
                              {minuteLabel(piece.startMinute)}–{minuteLabel(piece.endMinute)}
                            </span>
                          )}
                        </div>
                      </Tooltip>
                    );
                  })}
              </div>
            ))}
            {day.isToday && (
              <span
                className={classes.now}
                style={{ left: `${(week.now.minute / MINUTES_PER_DAY) * 100}%` }}
                aria-hidden
              />
            )}
          </div>
        </DayRow>
      ))}
    </div>
  );
}

function DayRow({
  day,
  children,
}: {
  day: ReturnType<typeof stripWeek>['days'][number];
  children: ReactNode;
}) {
  return (
    <>
      <div className={classes.dayLabel} data-today={day.isToday || undefined}>
        <Text component="span" size="sm" fw={700} lh={1.1}>
          {day.weekday}
        </Text>
        <Text component="span" size="xs" c={day.isToday ? undefined : 'dimmed'} lh={1.1}>
          {day.isToday ? 'Today' : day.date}
        </Text>
      </div>
      {children}
    </>
  );
}

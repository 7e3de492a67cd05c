import '@mantine/charts/styles.css';
import {
  type AnalyticsData,
  type AnalyticsTime,
  analyticsTimeLabels,
  analyticsTimes,
  isAdminRole,
} from '@carte/domain';
import { AreaChart, BarsList, LineChart } from '@mantine/charts';
import {
  Badge,
  Card,
  Code,
  EmptyState,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconArrowBackUp,
  IconChartBar,
  IconEye,
  IconRepeat,
  IconUserSearch,
  IconUsers,
} from '@tabler/icons-react';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { DEFAULT_ANALYTICS_TIME, useAnalytics } from '../../api/analytics.api.ts';
import { useCurrentUser } from '../../api/session.ts';
import { formatDayOfMonth } from '../../ui/dates.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { PaginatedTable } from '../../ui/paginated-table.tsx';
import classes from './analytics.module.css';
import {
  chartRows,
  daysOf,
  hasValues,
  type MenuItemRow,
  type MenuRow,
  menuItemRows,
  menuRows,
} from './analytics-rows.ts';

const rangeOptions = analyticsTimes.map((value) => ({ value, label: analyticsTimeLabels[value] }));

const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const ratio = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const percent = (value: number) => `${ratio.format(value)}%`;
/** "2025-06-03" → "Jun 3" (en-US), "3 Jun" (en-GB): the viewer's locale. */
const shortDate = (date: string) => {
  const parsed = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) ? date : formatDayOfMonth(parsed, 'UTC');
};
const chartAxis = { tickFormatter: (value: string) => shortDate(String(value)) };
const tooltipLabel = { labelFormatter: (value: unknown) => shortDate(String(value)) };
/** What every per-day chart shares: dates along x, smooth lines, horizontal grid only. */
const dailyChart = {
  dataKey: 'date',
  curveType: 'monotone',
  gridAxis: 'y',
  tickLine: 'none',
  xAxisProps: chartAxis,
  tooltipProps: tooltipLabel,
} as const;

/**
 * /menu-interaction-tracking (doc 2 §2 "Analytics tracker"): how guests use the public menu over a
 * chosen range — stat cards, charts (empty ones hidden, doc 3 §2.5), traffic sources and the most
 * visited menus and dishes. Open to every signed-in user (doc 3 §6). Load failures are only logged
 * (doc 3 §8.1), so a failure reads as "no data".
 */
export function AnalyticsPage() {
  const [time, setTime] = useState<AnalyticsTime>(DEFAULT_ANALYTICS_TIME);
  const analytics = useAnalytics(time);
  // Admins read the whole platform (/admin/analytics, doc 3 §2.5); everyone else their restaurant.
  const platform = isAdminRole(useCurrentUser().role);

  useEffect(() => {
    if (analytics.error) console.error('Analytics could not be loaded', analytics.error);
  }, [analytics.error]);

  return (
    <Stack gap="lg">
      <PageHeader
        title="Analytics"
        description={
          platform
            ? 'How guests use every public menu on the platform.'
            : 'How guests find and use your public menu.'
        }
        actions={
          <Select
            aria-label="Time range"
            data={rangeOptions}
            value={time}
            onChange={(value) => value && setTime(value as AnalyticsTime)}
            allowDeselect={false}
            w={180}
            comboboxProps={{ withinPortal: true }}
          />
        }
      />
      {analytics.isPending ? (
        <AnalyticsSkeleton />
      ) : (
        <AnalyticsReport data={analytics.data ?? null} refreshing={analytics.isPlaceholderData} time={time} />
      )}
    </Stack>
  );
}

function AnalyticsReport({
  data,
  refreshing,
  time,
}: {
  data: AnalyticsData | null;
  refreshing: boolean;
  time: AnalyticsTime;
}) {
  const menus = useMemo(() => menuRows(data?.mostVisitedMenus ?? []), [data]);
  const items = useMemo(() => menuItemRows(data?.mostVisitedMenuItems ?? []), [data]);
  const sources = useMemo(
    () =>
      (data?.sources ?? [])
        .filter((entry) => entry.value > 0)
        .map((entry) => ({ name: entry.source.trim() || '(direct)', value: entry.value }))
        .sort((a, b) => b.value - a.value),
    [data],
  );
  const charts = useMemo(() => {
    if (!data) return null;
    const days = daysOf(data.range);
    return {
      users: chartRows(days, { users: { points: data.activeUsers, missing: 0 } }),
      bounce: chartRows(days, { rate: { points: data.bounceRate, missing: null, scale: 100 } }),
      engagement: chartRows(days, {
        viewsPerSession: { points: data.screenPageViewsPerSession, missing: null },
        sessionsPerUser: { points: data.sessionsPerUser, missing: null },
        viewsPerUser: { points: data.screenPageViewsPerUser, missing: null },
      }),
    };
  }, [data]);

  const empty = !data || data.totals.sessions === 0;
  const totals = data?.totals;
  const stats: Array<{ label: string; value: string; icon: ReactNode; hint: string }> = totals
    ? [
        {
          label: 'Active users',
          value: integer.format(totals.activeUsers),
          icon: <IconUsers size={18} />,
          hint: 'Guests who opened your menu',
        },
        {
          label: 'Bounce rate',
          // Rates are fractions (0.25 is 25 %).
          value: percent(totals.bounceRate * 100),
          icon: <IconArrowBackUp size={18} />,
          hint: 'Visits that left after one page',
        },
        {
          label: 'Views per session',
          value: ratio.format(totals.screenPageViewsPerSession),
          icon: <IconEye size={18} />,
          hint: 'Menu and dish pages per visit',
        },
        {
          label: 'Sessions per user',
          value: ratio.format(totals.sessionsPerUser),
          icon: <IconRepeat size={18} />,
          hint: 'How often a guest comes back',
        },
        {
          label: 'Views per user',
          value: ratio.format(totals.screenPageViewsPerUser),
          icon: <IconUserSearch size={18} />,
          hint: 'Pages a guest looks at in all',
        },
      ]
    : [];

  return (
    <Stack gap="lg" className={classes.report} data-refreshing={refreshing || undefined}>
      {stats.length > 0 && (
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="md">
          {stats.map((stat) => (
            <Paper key={stat.label} withBorder p="md" className={classes.stat}>
              <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
                <Text
                  size="xs"
                  fw={600}
                  c="dimmed"
                  tt="uppercase"
                  lineClamp={2}
                  className={classes.statLabel}
                >
                  {stat.label}
                </Text>
                <ThemeIcon variant="light" size="md" radius="md" visibleFrom="sm">
                  {stat.icon}
                </ThemeIcon>
              </Group>
              <Text fz={26} fw={700} mt={6} className={classes.statValue}>
                {stat.value}
              </Text>
              <Text size="xs" c="dimmed" mt={2} visibleFrom="sm">
                {stat.hint}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
      )}

      {empty || !data || !charts ? (
        <Card>
          <EmptyState
            icon={<IconChartBar size={28} stroke={1.6} />}
            withIndicatorBackground
            title="No visits in this period"
            description={`Nobody opened your public menu (${analyticsTimeLabels[time].toLowerCase()}). Share its link or QR code and the numbers appear here.`}
          />
        </Card>
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            {hasValues(data.activeUsers) && (
              <ChartCard title="Active users" caption="Guests per day">
                <AreaChart
                  {...dailyChart}
                  h={220}
                  data={charts.users}
                  series={[{ name: 'users', label: 'Active users', color: 'carte.6' }]}
                  withGradient
                  withDots={false}
                  yAxisProps={{ allowDecimals: false }}
                  valueFormatter={(value) => integer.format(value)}
                />
              </ChartCard>
            )}
            {sources.length > 0 && (
              <ChartCard title="How users found your menu" caption="Visits by the site guests came from">
                <BarsList
                  data={sources.slice(0, 6)}
                  barsLabel="Source"
                  valueLabel="Visits"
                  barColor="carte.1"
                  barTextColor="dark.7"
                  valueFormatter={(value) => integer.format(value)}
                />
              </ChartCard>
            )}
            {hasValues(data.bounceRate) && (
              <ChartCard title="Bounce rate" caption="Share of visits that left after one page">
                <AreaChart
                  {...dailyChart}
                  h={220}
                  data={charts.bounce}
                  series={[{ name: 'rate', label: 'Bounce rate', color: 'orange.6' }]}
                  withGradient
                  withDots={false}
                  valueFormatter={(value) => percent(value)}
                />
              </ChartCard>
            )}
            {(hasValues(data.screenPageViewsPerSession) ||
              hasValues(data.sessionsPerUser) ||
              hasValues(data.screenPageViewsPerUser)) && (
              <ChartCard title="Engagement" caption="Page views per session, sessions and views per user">
                <LineChart
                  {...dailyChart}
                  h={244}
                  data={charts.engagement}
                  series={[
                    { name: 'viewsPerSession', label: 'Views per session', color: 'blue.6' },
                    { name: 'sessionsPerUser', label: 'Sessions per user', color: 'teal.6' },
                    { name: 'viewsPerUser', label: 'Views per user', color: 'grape.6' },
                  ]}
                  withLegend
                  legendProps={{ verticalAlign: 'bottom', height: 56 }}
                  valueFormatter={(value) => ratio.format(value)}
                />
              </ChartCard>
            )}
          </SimpleGrid>

          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg" className={classes.tables}>
            <Card>
              <TableTitle title="Most visited menus" count={menus.length} />
              <PaginatedTable<MenuRow>
                label="Most visited menus"
                emptyMessage="No menu was opened in this period."
                minWidth={420}
                rows={menus}
                rowId={(row) => `${row.rank}-${row.menuId}`}
                columns={[
                  { key: 'rank', header: '#', width: 44, render: (row) => row.rank },
                  {
                    key: 'title',
                    header: 'Menu Title',
                    render: (row, view) => (
                      <Stack gap={2}>
                        <Text size="sm" fw={500}>
                          {row.title}
                        </Text>
                        {view.compact && (
                          <Text size="xs" c="dimmed" ff="monospace">
                            {row.menuId}
                          </Text>
                        )}
                      </Stack>
                    ),
                  },
                  {
                    key: 'id',
                    header: 'Menu Id',
                    hideWhenCompact: true,
                    render: (row) => (
                      <Code fz="xs" className={classes.id}>
                        {row.menuId}
                      </Code>
                    ),
                  },
                  {
                    key: 'visits',
                    header: '# Visits',
                    align: 'right',
                    width: 90,
                    render: (row) => integer.format(row.visits),
                  },
                ]}
              />
            </Card>
            <Card>
              <TableTitle title="Most visited menu items" count={items.length} />
              <PaginatedTable<MenuItemRow>
                label="Most visited menu items"
                emptyMessage="No dish was opened in this period."
                minWidth={420}
                rows={items}
                rowId={(row) => `${row.rank}-${row.dishId}`}
                columns={[
                  { key: 'rank', header: '#', width: 44, render: (row) => row.rank },
                  {
                    key: 'menu',
                    header: 'Menu Title',
                    hideWhenCompact: true,
                    render: (row) => row.menuTitle,
                  },
                  {
                    key: 'name',
                    header: 'Item Name',
                    render: (row, view) => (
                      <Stack gap={2}>
                        <Text size="sm" fw={500}>
                          {row.itemName}
                        </Text>
                        {view.compact && (
                          <Text size="xs" c="dimmed">
                            {row.menuTitle}
                          </Text>
                        )}
                      </Stack>
                    ),
                  },
                  {
                    key: 'visits',
                    header: '# Visits',
                    align: 'right',
                    width: 90,
                    render: (row) => integer.format(row.visits),
                  },
                ]}
              />
            </Card>
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}

function ChartCard({ title, caption, children }: { title: string; caption: string; children: ReactNode }) {
  return (
    <Card>
      <Stack gap={2} mb="md">
        <Title order={2} fz="md">
          {title}
        </Title>
        <Text size="xs" c="dimmed">
          {caption}
        </Text>
      </Stack>
      {children}
    </Card>
  );
}

function TableTitle({ title, count }: { title: string; count: number }) {
  return (
    <Group justify="space-between" mb="sm" gap="xs">
      <Title order={2} fz="md">
        {title}
      </Title>
      {count > 0 && (
        <Badge variant="light" color="gray">
          {count}
        </Badge>
      )}
    </Group>
  );
}

function AnalyticsSkeleton() {
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="md">
        {['a', 'b', 'c', 'd', 'e'].map((key) => (
          <Skeleton key={key} height={104} radius="lg" />
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Skeleton height={300} radius="lg" />
        <Skeleton height={300} radius="lg" />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <Skeleton height={260} radius="lg" />
        <Skeleton height={260} radius="lg" />
      </SimpleGrid>
    </Stack>
  );
}

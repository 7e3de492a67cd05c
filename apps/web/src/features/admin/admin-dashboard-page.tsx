import '@mantine/charts/styles.css';
import { type AdminStatistics, homePathFor } from '@carte/domain';
import { LineChart } from '@mantine/charts';
import { Badge, Button, Card, Grid, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconBriefcase, IconShieldPlus, IconUserPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { loginAs, useAdminStatistics } from '../../api/admin.api.ts';
import { useCurrentUser } from '../../api/session.ts';
import { notifyFailure } from '../../ui/notify.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { AddAdminModal } from './add-admin-modal.tsx';
import { AddUserModal } from './add-user-modal.tsx';
import { AdminsSection } from './admins-section.tsx';
import { useCheckoutReturn } from './checkout-return.ts';
import { AddDmaModal, DmaSection, PendingDmaSection } from './dma-section.tsx';
import { RestaurantsSection } from './restaurants-section.tsx';
import { UsersSection } from './users-section.tsx';

/**
 * /admin/dashboard (doc 3 §2.2): the section counts, the statistics block, and the Users, Admins
 * (super admin only) and Restaurants tables with local pagination and search, DMA-S and Pending DMA-S;
 * Add DMA, Add user, Add admin.
 * The super admin is greeted as "Admin" (doc 2 §3).
 */
export function AdminDashboardPage() {
  const user = useCurrentUser();
  const isSuper = user.role === 'SUPER_ADMIN';
  const name = isSuper ? 'Admin' : user.firstName || user.username;
  const statistics = useAdminStatistics();
  const [adding, setAdding] = useState<'user' | 'admin' | 'dma' | null>(null);
  const handleLoginAs = useLoginAs();
  useCheckoutReturn();

  return (
    <Stack gap="xl">
      <PageHeader
        title={`Welcome, ${name}`}
        description="Platform administration"
        actions={
          <Group gap="sm">
            <Button leftSection={<IconUserPlus size={18} />} onClick={() => setAdding('user')}>
              Add user
            </Button>
            <Button
              variant="light"
              leftSection={<IconBriefcase size={18} />}
              onClick={() => setAdding('dma')}
            >
              Add DMA
            </Button>
            {isSuper && (
              <Button
                variant="light"
                leftSection={<IconShieldPlus size={18} />}
                onClick={() => setAdding('admin')}
              >
                Add admin
              </Button>
            )}
          </Group>
        }
      />
      <StatisticsBlock
        statistics={statistics.data}
        loading={statistics.isPending}
        failed={statistics.isError}
      />
      <DmaSection onLoginAs={handleLoginAs} />
      <PendingDmaSection />
      <UsersSection onLoginAs={handleLoginAs} />
      {isSuper && <AdminsSection onLoginAs={handleLoginAs} />}
      <RestaurantsSection />
      <AddUserModal opened={adding === 'user'} onClose={() => setAdding(null)} />
      <AddDmaModal opened={adding === 'dma'} onClose={() => setAdding(null)} />
      {isSuper && <AddAdminModal opened={adding === 'admin'} onClose={() => setAdding(null)} />}
    </Stack>
  );
}

/** "Login as": the session becomes the account's, the admin's id travels with it (banner, way back). */
function useLoginAs() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return async (userId: string) => {
    try {
      const result = await loginAs(userId);
      queryClient.clear();
      navigate(homePathFor(result.user.role), { replace: true });
    } catch (error) {
      notifyFailure(error);
    }
  };
}

function StatisticsBlock({
  statistics,
  loading,
  failed,
}: {
  statistics: AdminStatistics | undefined;
  loading: boolean;
  failed: boolean;
}) {
  const counts: { label: string; value: number | null | undefined }[] = [
    { label: 'Users', value: statistics?.users },
    { label: 'Restaurants', value: statistics?.restaurants },
    { label: 'DMA-S', value: statistics?.dmas },
    ...(statistics && statistics.pendingDmas > 0
      ? [{ label: 'Pending DMA-S', value: statistics.pendingDmas }]
      : []),
    ...(statistics?.admins !== null && statistics?.admins !== undefined
      ? [{ label: 'Admins', value: statistics.admins }]
      : []),
    { label: 'Active subscriptions', value: statistics?.activeSubscriptions },
    { label: 'Published menus', value: statistics?.publishedMenus },
  ];
  const series = (statistics?.signUps ?? []).map((day, index) => ({
    date: day.date.slice(5).split('-').reverse().join('/'),
    'Sign-ups': day.count,
    'Menu views': statistics?.menuViews[index]?.count ?? 0,
  }));
  const hasActivity = series.some((day) => day['Sign-ups'] > 0 || day['Menu views'] > 0);
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, sm: 3, lg: counts.length > 6 ? 7 : 6 }} spacing="md">
        {counts.map((count) => (
          <Card key={count.label} padding="md">
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {count.label}
            </Text>
            <Text fz={28} fw={700} mt={4} aria-live="polite">
              {loading ? '…' : failed ? '–' : (count.value ?? 0)}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      <Grid gap="md">
        <Grid.Col span={12}>
          <Card padding="lg">
            <Group justify="space-between" mb="md">
              <Title order={2} fz="lg">
                Last 30 days
              </Title>
              <Badge variant="light">Sign-ups and menu views</Badge>
            </Group>
            {hasActivity ? (
              <LineChart
                h={220}
                data={series}
                dataKey="date"
                withLegend
                curveType="monotone"
                series={[
                  { name: 'Sign-ups', color: 'carte.6' },
                  { name: 'Menu views', color: 'teal.6' },
                ]}
              />
            ) : (
              <Text c="dimmed" size="sm" py="lg" ta="center">
                {loading ? 'Loading statistics…' : 'No sign-ups or menu views in the last 30 days.'}
              </Text>
            )}
          </Card>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

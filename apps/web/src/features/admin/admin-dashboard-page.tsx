import { Card, EmptyState, Grid, Stack } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { useCurrentUser } from '../../api/session.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { ProfileCard } from '../../ui/profile-card.tsx';

/** /admin/dashboard. The super admin is greeted as "Admin" (doc 2 §3). */
export function AdminDashboardPage() {
  const user = useCurrentUser();
  const name = user.role === 'SUPER_ADMIN' ? 'Admin' : user.firstName || user.username;
  return (
    <Stack gap="xl">
      <PageHeader title={`Welcome, ${name}`} description="Platform administration" />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Card h="100%">
            <EmptyState
              icon={<IconShieldCheck size={26} stroke={1.6} />}
              withIndicatorBackground
              title="Everything is in order"
              description="Users, restaurants, resellers and admins you manage will be listed here."
              py="xl"
            />
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <ProfileCard user={user} accountPath="/admin/update-profile" />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

import { Card, EmptyState, Grid, Stack } from '@mantine/core';
import { IconUsersGroup } from '@tabler/icons-react';
import { useCurrentUser } from '../../api/session.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { ProfileCard } from '../../ui/profile-card.tsx';

/** /dma/dashboard: the reseller's home. */
export function ResellerDashboardPage() {
  const user = useCurrentUser();
  return (
    <Stack gap="xl">
      <PageHeader
        title={`Welcome, ${user.firstName || user.username}`}
        description={user.company_name ? `${user.company_name} · Reseller` : 'Reseller'}
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Card h="100%">
            <EmptyState
              icon={<IconUsersGroup size={26} stroke={1.6} />}
              withIndicatorBackground
              title="Your clients"
              description="The restaurants you hold licences for, their subscriptions and pending invitations will appear here."
              py="xl"
            />
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <ProfileCard user={user} accountPath="/dma/update-account" />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

import { undeletableRoles } from '@carte/domain';
import { Alert, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconKey, IconLock, IconUser } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { useImpersonator } from '../../api/admin.api.ts';
import { useCurrentUser } from '../../api/session.ts';
import { DeleteAccountSection } from './delete-account-section.tsx';
import { PasswordForm } from './password-form.tsx';
import { PersonalInfoForm } from './personal-info-form.tsx';

/** /update-account, /admin/update-profile and /dma/update-account (doc 2 §2 "Update account"). */
export function UpdateAccountPage() {
  const user = useCurrentUser();
  // Acting as the user ("Login as"): the password, the email and deletion stay the owner's (issue 20).
  const acting = useImpersonator() !== null;
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'password' ? 'password' : 'personal';
  // On a phone both tabs share the width so neither wraps.
  const phone = useMediaQuery('(max-width: 36em)', false);

  return (
    <Stack gap="lg" maw={760}>
      <div>
        <Title order={1}>Account</Title>
        <Text c="dimmed" mt={4}>
          Your personal details and how you sign in.
        </Text>
      </div>
      <Paper withBorder p={0}>
        <Tabs
          value={tab}
          onChange={(value) => setParams(value === 'password' ? { tab: 'password' } : {}, { replace: true })}
          keepMounted={false}
        >
          <Tabs.List grow={phone} px={{ base: 0, sm: 'md' }} pt={{ base: 0, sm: 'xs' }}>
            <Tabs.Tab value="personal" leftSection={<IconUser size={16} />}>
              Personal Information
            </Tabs.Tab>
            <Tabs.Tab value="password" leftSection={<IconKey size={16} />}>
              Password
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="personal" p={{ base: 'md', sm: 'xl' }}>
            {/* A confirmed email change (or another device's edit) arrives with the reloaded user: start over from it. */}
            <PersonalInfoForm
              key={`${user.email}|${user.pendingEmail ?? ''}`}
              user={user}
              emailLocked={acting}
            />
          </Tabs.Panel>
          <Tabs.Panel value="password" p={{ base: 'md', sm: 'xl' }}>
            {acting ? (
              <Alert
                color="gray"
                icon={<IconLock size={16} />}
                title="Only the account’s owner can change this"
              >
                You are acting as {user.username}. Its password, email and deletion stay with its owner.
              </Alert>
            ) : (
              <PasswordForm />
            )}
          </Tabs.Panel>
        </Tabs>
      </Paper>
      {/* Delete account is hidden for SUPER_ADMIN and DMA_CLIENT (doc 2 §6). */}
      {!undeletableRoles.includes(user.role) && !acting && <DeleteAccountSection user={user} />}
    </Stack>
  );
}

import { homePathFor, messages } from '@carte/domain';
import { Button, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconLinkOff } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { queryKeys } from '../../api/query-keys.ts';
import { useSession } from '../../api/session.ts';
import { usersApi } from '../../api/users.api.ts';
import { AuthCard } from '../../ui/auth-card.tsx';
import { IconTitle, LinkLoading } from '../../ui/mailed-link-page.tsx';

/**
 * /user-verify-email?token=…: the link mailed to a new address confirms the email change
 * (docs/security.md, finding 5). Open to everyone: the link may be opened signed in or not.
 */
export function VerifyEmailPage() {
  const token = useSearchParams()[0].get('token');
  if (!token) return <Navigate to="/login" replace />;
  return <VerifyEmail token={token} />;
}

function VerifyEmail({ token }: { token: string }) {
  const session = useSession();
  const queryClient = useQueryClient();
  // A query, not an effect: the token is spent by the first call, even when React mounts twice.
  const confirmation = useQuery({
    queryKey: queryKeys.users.emailChange(token),
    queryFn: () => usersApi.confirmEmailChange(token),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
  useEffect(() => {
    // The signed-in user's stored email is stale now: the shell reloads it.
    if (confirmation.isSuccess) void queryClient.invalidateQueries({ queryKey: queryKeys.users.me });
  }, [confirmation.isSuccess, queryClient]);

  const next = session
    ? { to: homePathFor(session.user.role), label: 'Continue' }
    : { to: '/login', label: 'Go to sign in' };

  if (confirmation.isPending) return <LinkLoading title="Confirming your email" />;
  const confirmed = confirmation.isSuccess;
  return (
    <AuthCard
      title={
        <IconTitle
          icon={
            confirmed ? <IconCircleCheck size={30} stroke={1.6} /> : <IconLinkOff size={28} stroke={1.6} />
          }
          color={confirmed ? 'teal' : 'gray'}
        >
          {confirmed ? 'Email changed' : 'Link not valid'}
        </IconTitle>
      }
    >
      <Stack gap="lg" ta="center" role={confirmed ? 'status' : undefined}>
        <Text>{confirmed ? messages.emailChanged : messages.emailChangeLinkInvalid}</Text>
        <Button component={Link} to={next.to} size="md" fullWidth>
          {next.label}
        </Button>
      </Stack>
    </AuthCard>
  );
}

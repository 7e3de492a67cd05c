import { billingMessages, messages } from '@carte/domain';
import { Alert, Group, Loader, Text } from '@mantine/core';
import { IconAlertCircle, IconInfoCircle } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { menuKeys, menusApi, useMenu } from '../../api/menus.api.ts';
import { notifySuccess } from '../../ui/notify.ts';

/** How long the menu waits for the provider's events after a paid checkout before it stops asking. */
const CONFIRM_FOR_MS = 30_000;

type State = 'waiting' | 'late' | 'canceled' | 'incomplete' | null;

/**
 * Back on the menu from a checkout opened by "Subscribe required" (issue 22):
 * `?session_id=…` after paying — the menu is published by the server once the subscription is active
 * (the provider's events), so it is read again every second until it is, then a toast says so;
 * `?checkout=canceled` — nothing was bought and the menu is still a draft. A restaurant that forbids
 * publishing an incomplete menu keeps an incomplete one a draft after paying (issue 23 §5): said at once.
 */
export function CheckoutReturnNotice({ menuId }: { menuId: string }) {
  const [params, setParams] = useSearchParams();
  const [since] = useState(() => (params.has('session_id') ? Date.now() : null));
  const [state, setState] = useState<State>(() =>
    params.has('session_id') ? 'waiting' : params.get('checkout') === 'canceled' ? 'canceled' : null,
  );
  const queryClient = useQueryClient();
  const menu = useMenu(menuId, state === 'waiting' ? 1000 : false);
  const published = menu.data?.draft === false;
  const compliance = useQuery({
    queryKey: [...menuKeys.one(menuId), 'compliance'],
    queryFn: ({ signal }) => menusApi.compliance(menuId, signal),
    enabled: state === 'waiting',
  });
  const keptDraft = Boolean(compliance.data?.rules.blockIncomplete && !compliance.data.complete);
  useEffect(() => {
    if (state === 'waiting' && keptDraft && !published) setState('incomplete');
  }, [state, keptDraft, published]);

  useEffect(() => {
    if (!params.has('session_id') && !params.has('checkout')) return;
    setParams(
      (current) => {
        current.delete('session_id');
        current.delete('checkout');
        return current;
      },
      { replace: true },
    );
  }, [params, setParams]);

  useEffect(() => {
    if (state !== 'waiting' || since === null) return;
    if (published) {
      setState(null);
      notifySuccess(billingMessages.publishedAfterPayment);
      // The subscription, the menu lists and the navigation all changed outside the app.
      void queryClient.invalidateQueries();
      return;
    }
    const timer = setTimeout(() => setState('late'), CONFIRM_FOR_MS - (Date.now() - since));
    return () => clearTimeout(timer);
  }, [state, since, published, queryClient]);

  if (state === 'waiting') {
    return (
      <Alert color="blue" mb="md" role="status">
        <Group gap="sm" wrap="nowrap">
          <Loader size="sm" type="dots" aria-hidden />
          <Text size="sm">{billingMessages.publishingAfterPayment}</Text>
        </Group>
      </Alert>
    );
  }
  if (state === 'late') {
    return (
      <Alert color="yellow" mb="md" icon={<IconAlertCircle size={18} />}>
        {billingMessages.publishingAfterPayment} Reload this page in a minute.
      </Alert>
    );
  }
  if (state === 'incomplete') {
    return (
      <Alert color="yellow" mb="md" icon={<IconAlertCircle size={18} />}>
        The menu is still a draft. {messages.menuIncomplete} Complete its dishes, then publish it.
      </Alert>
    );
  }
  if (state === 'canceled') {
    return (
      <Alert
        color="gray"
        mb="md"
        icon={<IconInfoCircle size={18} />}
        withCloseButton
        closeButtonLabel="Dismiss"
        onClose={() => setState(null)}
      >
        {billingMessages.checkoutCanceled} The menu is still a draft.
      </Alert>
    );
  }
  return null;
}

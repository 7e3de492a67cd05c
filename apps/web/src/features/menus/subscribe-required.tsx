import { billingMessages, localCheckoutPath, messages, type PlanProduct, type User } from '@carte/domain';
import { Alert, Anchor, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconAlertCircle, IconFlask } from '@tabler/icons-react';
import { useState } from 'react';
import { isApiError } from '../../api/api-error.ts';
import { useCheckoutSession, usePlan } from '../../api/billing.api.ts';
import { usePublicConfig } from '../../api/use-public-config.ts';
import { useCaptcha } from '../../ui/captcha/use-captcha.tsx';
import { PlanCards } from '../billing/index.ts';

const MODAL_ID = 'subscribe-required';

export interface SubscribeRequiredOptions {
  /**
   * Publishing one menu (issue 22): saves what the form holds as a draft and answers the menu's id.
   * The plan's buttons then go straight to the checkout, which comes back to that menu and
   * publishes it once the subscription is active. Without it they lead to /subscribe.
   */
  keepMenu?: () => Promise<string>;
}

/**
 * The "Subscribe required" dialog opened by 402 "Payment not setup!" when publishing (doc 1 §8):
 * agency clients are asked to contact their account manager by mail; owners see the plan's prices
 * (the same GET /subscription/base-product as /subscribe) and pay from here; members, who cannot
 * subscribe (/subscribe is for owners, doc 3 §6), are asked to tell the owner.
 */
export function openSubscribeRequired(
  user: User,
  navigate: (path: string) => void,
  options: SubscribeRequiredOptions = {},
) {
  const close = () => modals.close(MODAL_ID);
  const isClient = user.role === 'DMA_CLIENT';
  const isOwner = user.role === 'RESTAURANT';
  modals.open({
    modalId: MODAL_ID,
    title: messages.subscribeRequiredTitle,
    size: isOwner ? 'lg' : 'md',
    children: (
      <Stack gap="md">
        <Text size="sm">{isClient ? messages.subscribeRequiredClient : messages.subscribeRequired}</Text>
        {isClient && <AccountManagerLink email={user.dma_parent_email} />}
        {!isClient && !isOwner && (
          <Text size="sm" c="dimmed">
            Only the restaurant owner can subscribe. Ask them to set it up.
          </Text>
        )}
        {isOwner ? (
          <PlanButtons
            close={close}
            keepMenu={options.keepMenu}
            toSubscribe={() => {
              close();
              navigate('/subscribe');
            }}
          />
        ) : (
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Close
            </Button>
          </Group>
        )}
      </Stack>
    ),
  });
}

/** The reseller's address, to ask for the subscription (doc 1 §8 "contact their account manager by mail"). */
function AccountManagerLink({ email }: { email: string | null | undefined }) {
  if (!email) return null;
  return (
    <Text size="sm">
      Your account manager:{' '}
      <Anchor href={`mailto:${email}?subject=${encodeURIComponent('INQUIRY')}`}>{email}</Anchor>
    </Text>
  );
}

function PlanButtons({
  close,
  keepMenu,
  toSubscribe,
}: {
  close: () => void;
  keepMenu: (() => Promise<string>) | undefined;
  toSubscribe: () => void;
}) {
  const plan = usePlan();
  const config = usePublicConfig();
  const checkout = useCheckoutSession();
  const captcha = useCaptcha('checkout');
  const [chosen, setChosen] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const handleChoose = async (product: PlanProduct) => {
    if (!keepMenu) {
      toSubscribe();
      return;
    }
    setFailure(null);
    setChosen(product.price.id);
    try {
      const menuId = await keepMenu();
      const reCaptchaToken = await captcha.getToken();
      const sessionId = await checkout.mutateAsync({
        price_id: product.price.id,
        reCaptchaToken,
        publish_menu_id: menuId,
      });
      // The button keeps spinning while the browser leaves for the checkout, which comes back here.
      window.location.assign(localCheckoutPath(sessionId));
    } catch (error) {
      captcha.reset();
      setChosen(null);
      if (!(isApiError(error) && error.notified)) setFailure(billingMessages.checkoutFailed);
    }
  };

  return (
    <Stack gap="md">
      {plan.isPending ? (
        <Loader size="sm" type="dots" aria-label={billingMessages.pleaseWait} />
      ) : plan.isError ? (
        <Text size="sm" c="dimmed">
          The prices could not be loaded. See them on the subscription page.
        </Text>
      ) : (
        <PlanCards plan={plan.data} chosen={chosen} onChoose={handleChoose} compact />
      )}
      {captcha.field}
      {failure && (
        <Alert color="red" icon={<IconAlertCircle size={18} />}>
          {failure}
        </Alert>
      )}
      {keepMenu && (
        <Text size="xs" c="dimmed">
          After paying you come back to this menu, published.
          {config.data?.billingProvider === 'local' && (
            <>
              {' '}
              <IconFlask size={12} aria-hidden /> Test mode: no card is charged.
            </>
          )}
        </Text>
      )}
      <Group justify="space-between" gap="sm">
        <Anchor component="button" type="button" size="sm" onClick={toSubscribe}>
          Compare plans and cards
        </Anchor>
        <Button variant="default" onClick={close} disabled={chosen !== null}>
          Not now
        </Button>
      </Group>
    </Stack>
  );
}

import { billingMessages } from '@carte/domain';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { notifyInfo, notifySuccess } from '../../ui/notify.ts';

/**
 * The checkout of Add user's subscribe step comes back to /admin/dashboard?checkout=done|canceled
 * (the server's adminCheckoutReturn): say what happened once and clean the address.
 */
export function useCheckoutReturn() {
  const [params, setParams] = useSearchParams();
  const outcome = params.get('checkout');
  useEffect(() => {
    if (outcome === null) return;
    if (outcome === 'done') notifySuccess(billingMessages.adminCheckoutDone);
    if (outcome === 'canceled') notifyInfo(billingMessages.adminCheckoutCanceled);
    setParams({}, { replace: true });
  }, [outcome, setParams]);
}

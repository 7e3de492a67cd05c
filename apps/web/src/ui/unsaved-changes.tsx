import { messages } from '@carte/domain';
import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { confirmAction } from './confirm.tsx';

/**
 * While a form has unsaved changes, leaving it asks first: links inside the app with a confirm
 * dialog, closing or reloading the tab with the browser's own question (doc 1 §4). Call the returned
 * `allowNextNavigation` before navigating away on purpose (after a save or a delete).
 */
export function useUnsavedChangesGuard(dirty: boolean): { allowNextNavigation: () => void } {
  const allowed = useRef(false);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    if (allowed.current) {
      allowed.current = false;
      return false;
    }
    return (
      dirty &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search)
    );
  });

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    let cancelled = false;
    void confirmAction({
      title: messages.unsavedChanges,
      message: 'If you leave this page, your changes will be lost.',
      confirmLabel: 'Leave without saving',
      cancelLabel: 'Stay',
      danger: true,
    }).then((leave) => {
      if (cancelled) return;
      if (leave) blocker.proceed();
      else blocker.reset();
    });
    return () => {
      cancelled = true;
    };
  }, [blocker]);

  useEffect(() => {
    if (!dirty) return;
    const handleBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', handleBeforeUnload);
    return () => window.removeEventListener('beforeunload', handleBeforeUnload);
  }, [dirty]);

  return {
    allowNextNavigation: () => {
      allowed.current = true;
    },
  };
}

/** The banner "You haven't saved your changes!" shown above a form with changes (doc 1 §4). */
export function UnsavedChangesBanner({ dirty }: { dirty: boolean }) {
  if (!dirty) return null;
  return (
    <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} role="status" py="xs">
      {messages.unsavedChanges}
    </Alert>
  );
}

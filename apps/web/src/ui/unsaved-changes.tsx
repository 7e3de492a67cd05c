import { messages } from '@carte/domain';
import { Affix, Group, getDefaultZIndex, Paper, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { createContext, useContext, useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
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

/**
 * Where a form inside a drawer shows its notice: an element just above the form's sticky save bar
 * (FormDrawer provides it), so the notice never covers the title or the drawer's buttons.
 */
export const UnsavedNoticeHost = createContext<HTMLElement | null>(null);

/**
 * The warning "You haven't saved your changes!" while a form has changes (doc 1 §4). It floats
 * instead of taking a line above the form, so the first keystroke never pushes the field being
 * typed in (issue 11 §1); one notice per page, announced politely. On a page it floats under the
 * header, below every dialog, drawer and menu (issue 22: it covered drawer titles, the crop dialog
 * and confirmations); in a drawer it floats just above the form's save bar.
 */
export function UnsavedChangesBanner({ dirty }: { dirty: boolean }) {
  const host = useContext(UnsavedNoticeHost);
  const notice = dirty && (
    <Paper
      role="status"
      shadow="md"
      radius="xl"
      withBorder
      px="md"
      py={6}
      bg="yellow.0"
      // On the page the Affix's left edge is the middle; in a drawer its host centres it.
      style={{ transform: host ? undefined : 'translateX(-50%)', whiteSpace: 'nowrap' }}
      data-unsaved-notice
    >
      <Group gap={8} wrap="nowrap">
        <IconAlertTriangle size={16} color="var(--mantine-color-yellow-9)" aria-hidden />
        <Text size="sm" fw={500} c="dark.7">
          {messages.unsavedChanges}
        </Text>
      </Group>
    </Paper>
  );
  if (host) return createPortal(notice, host);
  return (
    <Affix
      position={{ top: 'calc(var(--app-header-height, 60px) + 8px)', left: '50%' }}
      zIndex={getDefaultZIndex('modal') - 1}
    >
      {notice}
    </Affix>
  );
}

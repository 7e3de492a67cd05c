import { Checkbox, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ReactNode } from 'react';
import { type AskKind, type AskStores, browserStores, recordContinue, shouldAsk } from './ask-once.ts';

export interface ConfirmOptions {
  title: ReactNode;
  message?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** A destructive action: the confirm button is red. */
  danger?: boolean;
}

/**
 * A confirm dialog (doc 1 §2 "Confirm dialogs (delete, 'continue anyway')") that resolves to the
 * user's answer. Escape, the close button and a click outside count as "no".
 */
export function confirmAction({
  title,
  message,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  danger = false,
}: ConfirmOptions): Promise<boolean> {
  return new Promise((resolve) => {
    let answered = false;
    const answer = (value: boolean) => {
      if (answered) return;
      answered = true;
      resolve(value);
    };
    modals.openConfirmModal({
      title,
      children:
        typeof message === 'string' ? (
          <Text size="sm" c="dimmed">
            {message}
          </Text>
        ) : (
          message
        ),
      labels: { confirm: confirmLabel, cancel: cancelLabel },
      confirmProps: { color: danger ? 'red' : undefined, 'data-autofocus': true },
      onConfirm: () => answer(true),
      onCancel: () => answer(false),
      onClose: () => answer(false),
    });
  });
}

/** "Delete {what}?" with the usual warning. */
export function confirmDelete(what: string, detail?: ReactNode): Promise<boolean> {
  return confirmAction({
    title: `Delete ${what}?`,
    message: detail ?? 'This cannot be undone.',
    confirmLabel: 'Delete',
    danger: true,
  });
}

/** The "continue anyway" question (doc 1 §5: no dish selected, no ingredient selected, same name). */
export function confirmContinueAnyway(title: ReactNode, message?: ReactNode): Promise<boolean> {
  return confirmAction({ title, message, confirmLabel: 'Continue anyway', cancelLabel: 'Go back' });
}

export interface AskOnceOptions {
  kind: AskKind;
  /** Whose answers these are (the signed-in user's id). */
  userId: string;
  title: string;
  message: string;
  stores?: AskStores;
}

/**
 * A "continue anyway" question asked once per session per kind, with "Don't ask again" kept for the
 * user (issue 22, item 2; ask-once.ts). Resolves true at once when it is not to be asked.
 */
export function confirmAnywayOnce({
  kind,
  userId,
  title,
  message,
  stores = browserStores(),
}: AskOnceOptions): Promise<boolean> {
  if (!shouldAsk(stores, userId, kind)) return Promise.resolve(true);
  let dontAskAgain = false;
  return confirmAction({
    title,
    message: (
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {message}
        </Text>
        <Checkbox
          label="Don't ask again"
          onChange={(event) => {
            dontAskAgain = event.currentTarget.checked;
          }}
        />
      </Stack>
    ),
    confirmLabel: 'Continue anyway',
    cancelLabel: 'Go back',
  }).then((proceed) => {
    if (proceed) recordContinue(stores, userId, kind, dontAskAgain);
    return proceed;
  });
}

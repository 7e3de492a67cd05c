import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ReactNode } from 'react';

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

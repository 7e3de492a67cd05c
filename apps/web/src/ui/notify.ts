import { messages } from '@carte/domain';
import { notifications } from '@mantine/notifications';
import { isApiError } from '../api/api-error.ts';

/** Toasts with the specification's wording (doc 1 §8, doc 2 §8). */
export function notifySuccess(message: string) {
  notifications.show({ color: 'teal', message });
}

/** Neither good nor bad news: something the user chose not to finish. */
export function notifyInfo(message: string) {
  notifications.show({ color: 'gray', message });
}

export function notifyError(message: string) {
  notifications.show({ color: 'red', message });
}

/** The text to show for a failed call. */
export const errorMessage = (error: unknown): string =>
  isApiError(error) || error instanceof Error ? error.message : messages.somethingWentWrong;

/** Toasts a failed call unless the API client already did (403 toasts, 401 signs out). */
export function notifyFailure(error: unknown) {
  if (isApiError(error) && error.notified) return;
  notifyError(errorMessage(error));
}

/**
 * Toasts a failed action with the specification's text for it (doc 1 §4: "Category can not be
 * created"), unless the API client already did, or the server refused it for a reason of its
 * catalogue (a 400 names it: a limit reached, a field refused), which says more than the fallback.
 */
export function notifyFailureAs(error: unknown, fallback: string) {
  if (isApiError(error) && error.notified) return;
  notifyError(isApiError(error) && error.status === 400 ? error.message : fallback);
}

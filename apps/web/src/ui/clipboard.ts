import { notifyError, notifySuccess } from './notify.ts';

/**
 * Copies a text and says so with the specification's toasts (doc 2 §8): the success text (when the
 * control does not show it itself), or the error text when the browser refuses (no permission,
 * insecure page, no clipboard at all).
 */
export async function copyText(
  text: string,
  toasts: { success?: string; failure: string },
): Promise<boolean> {
  try {
    if (!navigator.clipboard) throw new Error('No clipboard');
    await navigator.clipboard.writeText(text);
    if (toasts.success) notifySuccess(toasts.success);
    return true;
  } catch {
    notifyError(toasts.failure);
    return false;
  }
}

import { copyName } from '@carte/domain';
import { isApiError } from './api-error.ts';

/** Enough for "X (copy) (copy) …" chains; a clash after that is reported as it is. */
const MAX_ATTEMPTS = 8;

/**
 * A copy or clone named "{name} (copy)"; when the server answers 412 (the name is taken), the copy
 * is retried with another " (copy)" (doc 1 §4).
 */
export async function withCopyName<T>(name: string, attempt: (copy: string) => Promise<T>): Promise<T> {
  let candidate = copyName(name);
  for (let tries = 1; ; tries++) {
    try {
      return await attempt(candidate);
    } catch (error) {
      if (!isApiError(error) || error.status !== 412 || tries >= MAX_ATTEMPTS) throw error;
      candidate = copyName(candidate);
    }
  }
}

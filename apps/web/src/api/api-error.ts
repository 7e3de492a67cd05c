/** A failed call, with the text to show. `notified` means the client already told the user (403, 401). */
export class ApiError extends Error {
  readonly status: number;
  /** The answer's envelope when there was one; a 412 (name clash) is read from here by the caller. */
  readonly body: unknown;
  readonly notified: boolean;

  constructor(status: number, message: string, options: { body?: unknown; notified?: boolean } = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = options.body;
    this.notified = options.notified ?? false;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

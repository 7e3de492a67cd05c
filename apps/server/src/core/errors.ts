import { type ComplianceProblem, messages } from '@carte/domain';

/**
 * Typed errors thrown by services (STYLE rule 10). One handler maps them to the envelope and status
 * of decisions §3.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** Headers of the answer (429's retry-after). */
    readonly headers: Record<string, string> = {},
    /** Fields beside `message` in the envelope, for the few failures that carry data (409's problems). */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class InvalidError extends AppError {
  constructor(message: string) {
    super(400, message);
  }
}
export class UnauthorizedError extends AppError {
  constructor(message: string = messages.authorizationFailed) {
    super(401, message);
  }
}
export class PaymentRequiredError extends AppError {
  constructor(message: string = messages.paymentNotSetup) {
    super(402, message);
  }
}
export class ForbiddenError extends AppError {
  constructor(message: string = messages.permissionDenied) {
    super(403, message);
  }
}
export class NotFoundError extends AppError {
  constructor(message: string = messages.notFound) {
    super(404, message);
  }
}
export class NameClashError extends AppError {
  constructor(message: string) {
    super(412, message);
  }
}
/**
 * A publish refused because the menu is incomplete for the restaurant's labelling rules and the
 * restaurant asked not to publish such a menu (issue 23 §5): 409 with the problems beside the message.
 */
export class IncompleteMenuError extends AppError {
  constructor(readonly problems: readonly ComplianceProblem[]) {
    super(409, messages.menuIncomplete, {}, { problems });
  }
}
/**
 * The machine translation service failed, timed out or answered something unreadable (issue 24 §4):
 * 502 with one clear message; the service writes nothing, so nothing is lost.
 */
export class TranslationUnavailableError extends AppError {
  constructor() {
    super(502, messages.translationUnavailable);
  }
}
export class TokenExpiredError extends AppError {
  constructor() {
    super(417, messages.tokenExpired);
  }
}
export class TooManyRequestsError extends AppError {
  constructor(message: string, retryAfterSeconds: number) {
    super(429, message, { 'retry-after': String(retryAfterSeconds) });
  }
}

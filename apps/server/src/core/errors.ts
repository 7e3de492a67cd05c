import { messages } from '@carte/domain';

/**
 * Typed errors thrown by services (STYLE rule 10). One handler maps them to the envelope and status
 * of decisions §3.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** Extra fields merged into the answer's message for the few answers that carry data. */
    readonly headers: Record<string, string> = {},
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

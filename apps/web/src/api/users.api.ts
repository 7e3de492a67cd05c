import {
  type LoginInput,
  loginResultSchema,
  type RegisterInput,
  tokensSchema,
  type UpdateAccountInput,
  userSchema,
  verifyResultSchema,
} from '@carte/domain';
import { z } from 'zod';
import { api } from './client.ts';

/** The answer of switch-account: the login success shape (new tokens and the user). */
const sessionAnswerSchema = tokensSchema.extend({ user: userSchema });
/** Several endpoints answer a sentence to show (doc 1 §8: "forgot and reset failures show the response message"). */
const text = z.string();
/** Answers whose content the screens do not read. */
const anything = z.unknown();

const withCaptcha = <T extends object>(input: T, reCaptchaToken: string | undefined) =>
  reCaptchaToken ? { ...input, reCaptchaToken } : input;

/** /api/users/* (doc 3 §7.4). */
export const usersApi = {
  login: (input: LoginInput) => api.post('/users/login', { body: input, schema: loginResultSchema }),
  register: (input: RegisterInput) => api.post('/users/register', { body: input, schema: text }),
  logout: (refreshToken: string) => api.post('/users/logout', { body: { refreshToken }, schema: anything }),
  me: (signal?: AbortSignal) => api.get('/users/me', { schema: userSchema, signal }),

  verifyEmail: (token: string) =>
    api.post('/users/email-verification', { body: { token }, schema: verifyResultSchema }),
  verifyAndSetPassword: (input: { token: string; password: string; confirm_password: string }) =>
    api.post('/users/verify-account-and-enter-password', { body: input, schema: anything }),
  confirmEmailChange: (token: string) =>
    api.post('/users/email-change-verification', { body: { token }, schema: text }),
  resendVerification: (token: string) =>
    api.post('/users/resend-email-account-verification', { body: { token }, schema: anything }),

  requestNewPassword: (email: string, reCaptchaToken?: string) =>
    api.post('/users/request-new-password', { body: withCaptcha({ email }, reCaptchaToken), schema: text }),
  forgotUsername: (email: string, reCaptchaToken?: string) =>
    api.post('/users/forgot-username', { body: withCaptcha({ email }, reCaptchaToken), schema: text }),
  checkResetToken: (token: string, signal?: AbortSignal) =>
    api.get(`/users/reset-password-check-token/${encodeURIComponent(token)}`, { schema: anything, signal }),
  resetPassword: (
    token: string,
    input: { password: string; confirmPassword: string; reCaptchaToken?: string },
  ) => api.post(`/users/reset-password/${encodeURIComponent(token)}`, { body: input, schema: anything }),

  updateAccount: (input: UpdateAccountInput) =>
    api.put('/users/update-account', { body: input, schema: userSchema }),
  updatePassword: (input: {
    current_password: string;
    new_password: string;
    confirm_new_password: string;
    reCaptchaToken?: string;
  }) => api.put('/users/update-account-password', { body: input, schema: anything }),
  deleteAccount: (password: string) => api.delete('/users/delete', { body: { password }, schema: anything }),
  switchAccount: (accountID: string, refreshToken: string) =>
    api.post('/users/switch-account', { body: { accountID, refreshToken }, schema: sessionAnswerSchema }),
};

import { describe, expect, it } from 'vitest';
import {
  deleteAccountSchema,
  emailRequestSchema,
  fieldErrors,
  firstMessage,
  loginSchema,
  messages,
  registerSchema,
  resetPasswordSchema,
  updateAccountSchema,
  updatePasswordSchema,
  verifyAndSetPasswordSchema,
} from '../src/index.ts';

const validRegistration = {
  firstName: 'Ana',
  lastName: 'Lopez',
  phoneNumber: '+12025550143',
  username: 'ana.lopez',
  email: 'Ana@Example.com',
  restaurantType: 'RESTAURANT',
  restaurantName: 'Casa Ana',
  timeZone: 'Europe/Madrid',
  password: 'Secret123',
  confirm_password: 'Secret123',
};

/** The messages a payload gets, field by field. */
const errorsOf = (
  schema: { safeParse: (v: unknown) => { success: boolean; error?: unknown } },
  value: unknown,
) => {
  const result = schema.safeParse(value);
  if (result.success) return {};
  return fieldErrors(result.error as never);
};

describe('register', () => {
  it('accepts a complete registration and lowercases the email', () => {
    const parsed = registerSchema.parse(validRegistration);
    expect(parsed.email).toBe('ana@example.com');
    expect(parsed.timeZone).toBe('Europe/Madrid');
  });

  it.each([
    ['username', '', messages.usernameRequired],
    ['username', '   ', messages.usernameRequired],
    ['username', 'ana@home', messages.usernameNoAt],
    ['username', 'ana lopez', messages.usernameInvalid],
    ['email', '', messages.emailRequired],
    ['email', 'not-an-email', messages.emailInvalid],
    ['password', '', messages.passwordRequired],
    ['password', 'short1A', messages.passwordPattern],
    ['password', 'alllowercase1', messages.passwordPattern],
    ['password', 'ALLUPPERCASE1', messages.passwordPattern],
    ['password', 'NoDigitsHere', messages.passwordPattern],
    ['confirm_password', '', messages.confirmPasswordRequired],
    ['confirm_password', 'Secret124', messages.passwordMismatch],
    ['phoneNumber', '+1 555', messages.phoneInvalid],
    ['timeZone', 'Mars/Olympus', 'Time zone is not valid'],
  ])('%s = %j gives "%s"', (field, value, message) => {
    expect(errorsOf(registerSchema, { ...validRegistration, [field]: value })[field]).toBe(message);
  });

  it('names the business type in the empty-name message', () => {
    expect(errorsOf(registerSchema, { ...validRegistration, restaurantName: ' ' }).restaurantName).toBe(
      'Restaurant name cannot be empty',
    );
    expect(
      errorsOf(registerSchema, { ...validRegistration, restaurantType: 'FOOD_TRUCK', restaurantName: '' })
        .restaurantName,
    ).toBe('Food truck name cannot be empty');
  });

  it('reports a password mismatch even when another field is wrong too', () => {
    const errors = errorsOf(registerSchema, {
      ...validRegistration,
      username: '',
      confirm_password: 'Other123',
    });
    expect(errors.username).toBe(messages.usernameRequired);
    expect(errors.confirm_password).toBe(messages.passwordMismatch);
  });

  it('puts the first problem first, for the server answer', () => {
    const result = registerSchema.safeParse({ ...validRegistration, username: '', email: 'x' });
    expect(result.success).toBe(false);
    expect(firstMessage(result.error!)).toBe(messages.usernameRequired);
  });

  it('accepts a password without a special character (the pattern does not demand one)', () => {
    expect(
      registerSchema.safeParse({ ...validRegistration, password: 'Abcdefg1', confirm_password: 'Abcdefg1' })
        .success,
    ).toBe(true);
  });
});

describe('login', () => {
  it('needs a username or email and a password', () => {
    expect(errorsOf(loginSchema, { username: '', password: '' })).toEqual({
      username: messages.usernameOrEmailRequired,
      password: messages.passwordRequired,
    });
    expect(loginSchema.safeParse({ username: 'demo', password: 'x' }).success).toBe(true);
  });
});

describe('password flows', () => {
  it('forgot password needs a valid email', () => {
    expect(errorsOf(emailRequestSchema, { email: '' }).email).toBe(messages.emailRequired);
    expect(errorsOf(emailRequestSchema, { email: 'a@' }).email).toBe(messages.emailInvalid);
  });

  it('reset password checks pattern and confirmation', () => {
    expect(errorsOf(resetPasswordSchema, { password: 'weak', confirmPassword: 'weak' }).password).toBe(
      messages.passwordPattern,
    );
    expect(
      errorsOf(resetPasswordSchema, { password: 'Strong123', confirmPassword: '' }).confirmPassword,
    ).toBe(messages.confirmPasswordRequired);
    expect(
      errorsOf(resetPasswordSchema, { password: 'Strong123', confirmPassword: 'Strong124' }).confirmPassword,
    ).toBe(messages.passwordMismatch);
  });

  it('verify-and-set-password checks the confirmation', () => {
    expect(
      errorsOf(verifyAndSetPasswordSchema, { token: 't', password: 'Strong123', confirm_password: 'x' })
        .confirm_password,
    ).toBe(messages.passwordMismatch);
  });

  it('change password has its own empty-field messages', () => {
    expect(
      errorsOf(updatePasswordSchema, { current_password: '', new_password: '', confirm_new_password: '' }),
    ).toEqual({
      current_password: messages.currentPasswordRequired,
      new_password: messages.newPasswordRequired,
      confirm_new_password: messages.confirmNewPasswordRequired,
    });
    expect(
      errorsOf(updatePasswordSchema, {
        current_password: 'a',
        new_password: 'Strong123',
        confirm_new_password: 'Strong12',
      }).confirm_new_password,
    ).toBe(messages.passwordMismatch);
  });

  it('delete account asks for the password', () => {
    expect(errorsOf(deleteAccountSchema, { password: '' }).password).toBe(messages.deletePasswordRequired);
  });
});

describe('update account', () => {
  it('validates username and email like registration', () => {
    const errors = errorsOf(updateAccountSchema, { username: '', email: 'bad' });
    expect(errors.username).toBe(messages.usernameRequired);
    expect(errors.email).toBe(messages.emailInvalid);
  });
});

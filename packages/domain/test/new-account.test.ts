import { describe, expect, it } from 'vitest';
import {
  adminCompleteSchema,
  dmaRegisterSchema,
  memberCompleteSchema,
  messages,
  newAccountSchema,
  registerSchema,
} from '../src/index.ts';

/** A valid body of each payload that completes or makes a new account. */
const payloads = {
  admin: [adminCompleteSchema, {}],
  member: [memberCompleteSchema, { token: 't' }],
  reseller: [dmaRegisterSchema, { company_name: 'Harbour Group' }],
  register: [registerSchema, { email: 'noor@example.com', restaurantName: 'Noor' }],
} as const;
const account = { username: 'noorah', password: 'Welcome123', confirm_password: 'Welcome123' };

const firstMessage = (schema: (typeof payloads)[keyof typeof payloads][0], body: object) =>
  schema.safeParse(body).error?.issues[0]?.message;

describe('the new-account fields', () => {
  it.each(Object.entries(payloads))(
    '%s: answer the same messages for the same mistakes',
    (_, [schema, own]) => {
      expect(schema.safeParse({ ...own, ...account }).success).toBe(true);
      expect(firstMessage(schema, { ...own, ...account, username: '' })).toBe(messages.usernameRequired);
      expect(firstMessage(schema, { ...own, ...account, username: 'noor@x' })).toBe(messages.usernameNoAt);
      expect(firstMessage(schema, { ...own, ...account, password: 'short', confirm_password: 'short' })).toBe(
        messages.passwordPattern,
      );
      expect(firstMessage(schema, { ...own, ...account, confirm_password: '' })).toBe(
        messages.confirmPasswordRequired,
      );
      expect(firstMessage(schema, { ...own, ...account, confirm_password: 'Welcome124' })).toBe(
        messages.passwordMismatch,
      );
      expect(firstMessage(schema, { ...own, ...account, phoneNumber: '12' })).toBe(messages.phoneInvalid);
      expect(firstMessage(schema, { ...own, ...account, firstName: 'x'.repeat(101) })).toBe(
        messages.nameTooLong,
      );
    },
  );

  it("keeps each payload's field order: the server answers the first failing field", () => {
    const bad = { username: '', phoneNumber: '12', password: 'Welcome123', confirm_password: 'Welcome123' };
    // The admin's and the member's forms list the username before the phone; the reseller's and
    // registration list the phone first.
    expect(firstMessage(adminCompleteSchema, bad)).toBe(messages.usernameRequired);
    expect(firstMessage(memberCompleteSchema, { token: 't', ...bad })).toBe(messages.usernameRequired);
    expect(firstMessage(dmaRegisterSchema, { company_name: 'Harbour', ...bad })).toBe(messages.phoneInvalid);
    expect(firstMessage(registerSchema, { email: 'noor@example.com', restaurantName: 'N', ...bad })).toBe(
      messages.phoneInvalid,
    );
  });

  it('keeps what differs: the member keeps the invited names, the reseller needs five characters', () => {
    expect(newAccountSchema.parse(account)).toMatchObject({ firstName: '', lastName: '' });
    expect(memberCompleteSchema.parse({ token: 't', ...account }).firstName).toBeUndefined();
    expect(firstMessage(dmaRegisterSchema, { company_name: 'H', ...account, username: 'noor' })).toBe(
      messages.usernameTooShort,
    );
    expect(adminCompleteSchema.safeParse({ ...account, username: 'noor' }).success).toBe(true);
  });
});

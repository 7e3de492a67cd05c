import { describe, expect, it } from 'vitest';
import {
  allPermissions,
  grantPermissions,
  memberCompleteSchema,
  memberCreateSchema,
  messages,
  noPermissions,
} from '../src/index.ts';

describe('grantPermissions (doc 2 §6: a member grants only what they hold)', () => {
  const chef = { ...noPermissions(), dish: true, member: true };

  it('lets an owner set any flag', () => {
    expect(grantPermissions(allPermissions(), { menu: true, dish: true })).toEqual({
      permissions: { ...noPermissions(), menu: true, dish: true },
    });
  });

  it('refuses a flag the granter lacks, on a new member and on a change', () => {
    expect(grantPermissions(chef, { menu: true })).toEqual({ refused: 'menu' });
    expect(grantPermissions(chef, { menu: false }, { menu: true })).toEqual({ refused: 'menu' });
  });

  it('keeps flags the granter lacks as they are, whether sent unchanged or left out', () => {
    const current = { ...noPermissions(), menu: true, dish: true };
    expect(grantPermissions(chef, { menu: true, dish: false }, current)).toEqual({
      permissions: { ...noPermissions(), menu: true },
    });
    expect(grantPermissions(chef, {}, current)).toEqual({ permissions: current });
  });
});

describe('member payloads', () => {
  it('needs a valid email to invite, lower-cased', () => {
    expect(memberCreateSchema.safeParse({}).error?.issues[0]?.message).toBe(messages.emailRequired);
    expect(memberCreateSchema.safeParse({ email: 'nope' }).error?.issues[0]?.message).toBe(
      messages.emailInvalid,
    );
    expect(memberCreateSchema.parse({ email: 'Noor@Example.COM' })).toMatchObject({
      email: 'noor@example.com',
      permissions: {},
    });
  });

  it('checks the completion form with the registration messages', () => {
    const valid = { token: 't', username: 'noor', password: 'Welcome123', confirm_password: 'Welcome123' };
    expect(memberCompleteSchema.safeParse(valid).success).toBe(true);
    const mismatch = memberCompleteSchema.safeParse({ ...valid, confirm_password: 'Welcome124' });
    expect(mismatch.error?.issues[0]?.message).toBe(messages.passwordMismatch);
    const empty = memberCompleteSchema.safeParse({ ...valid, confirm_password: '' });
    expect(empty.error?.issues[0]?.message).toBe(messages.confirmPasswordRequired);
  });
});

import { type Challenge, createChallenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { describe, expect, it } from 'vitest';
import { createCaptcha } from '../src/adapters/captcha/index.ts';

const hmacKey = 'test-hmac-key-for-altcha';

/** What the `altcha` widget sends: base64 JSON of the challenge and the solution it found. */
async function solve(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('no solution');
  const payload = {
    challenge: { parameters: challenge.parameters, signature: challenge.signature },
    solution,
  };
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}

const decode = (token: string) => JSON.parse(Buffer.from(token, 'base64').toString('utf8'));
const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');

describe('ALTCHA captcha', () => {
  const captcha = createCaptcha({ captcha: 'altcha', hmacKey, recaptchaSecret: null });

  it('issues a signed challenge that expires in about 10 minutes', async () => {
    const challenge = (await captcha.challenge()) as Challenge;
    expect(captcha.kind).toBe('altcha');
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(challenge.parameters.algorithm).toBe('PBKDF2/SHA-256');
    const minutesLeft = ((challenge.parameters.expiresAt ?? 0) * 1000 - Date.now()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(9);
    expect(minutesLeft).toBeLessThanOrEqual(10);
  });

  it('accepts a solved challenge once, and refuses the same payload again', async () => {
    const token = await solve((await captcha.challenge()) as Challenge);
    expect(await captcha.verify(token)).toBe(true);
    expect(await captcha.verify(token)).toBe(false);
  });

  it('refuses one payload submitted twice at the same time', async () => {
    const token = await solve((await captcha.challenge()) as Challenge);
    const results = await Promise.all([captcha.verify(token), captcha.verify(token)]);
    expect(results.sort()).toEqual([false, true]);
  });

  it('refuses tampered payloads', async () => {
    const token = await solve((await captcha.challenge()) as Challenge);
    const payload = decode(token);

    const wrongCounter = structuredClone(payload);
    wrongCounter.solution.counter += 1;
    expect(await captcha.verify(encode(wrongCounter))).toBe(false);

    const easier = structuredClone(payload);
    easier.challenge.parameters.cost = 1;
    expect(await captcha.verify(encode(easier))).toBe(false);

    const longer = structuredClone(payload);
    longer.challenge.parameters.expiresAt += 3600;
    expect(await captcha.verify(encode(longer))).toBe(false);

    const unsigned = structuredClone(payload);
    delete unsigned.challenge.signature;
    expect(await captcha.verify(encode(unsigned))).toBe(false);

    // The untouched payload still works: the failures above did not use it up.
    expect(await captcha.verify(token)).toBe(true);
  });

  it('refuses challenges signed with another key, without expiry, or already expired', async () => {
    const other = createCaptcha({ captcha: 'altcha', hmacKey: 'another-key', recaptchaSecret: null });
    expect(await captcha.verify(await solve((await other.challenge()) as Challenge))).toBe(false);

    const base = {
      algorithm: 'PBKDF2/SHA-256',
      cost: 10,
      counter: 5,
      deriveKey,
      hmacSignatureSecret: hmacKey,
    };
    expect(await captcha.verify(await solve(await createChallenge(base)))).toBe(false);
    const expired = await createChallenge({ ...base, expiresAt: Math.floor(Date.now() / 1000) - 1 });
    expect(await captcha.verify(await solve(expired))).toBe(false);
  });

  it('refuses missing and malformed tokens, and the widget’s test payload', async () => {
    expect(await captcha.verify(undefined)).toBe(false);
    expect(await captcha.verify('')).toBe(false);
    expect(await captcha.verify('not base64 json')).toBe(false);
    expect(await captcha.verify(encode({ challenge: null, solution: null, test: true }))).toBe(false);
    expect(await captcha.verify(encode([1, 2]))).toBe(false);
  });
});

describe('captcha off', () => {
  it('has no challenge and accepts everything', async () => {
    const captcha = createCaptcha({ captcha: 'off', hmacKey, recaptchaSecret: null });
    expect(captcha.kind).toBe('off');
    expect(await captcha.challenge()).toBeNull();
    expect(await captcha.verify(undefined)).toBe(true);
  });
});

describe('reCAPTCHA', () => {
  it('needs its secret, and refuses a missing token without calling Google', async () => {
    expect(() => createCaptcha({ captcha: 'recaptcha', hmacKey, recaptchaSecret: null })).toThrow(
      /RECAPTCHA_SECRET/,
    );
    const captcha = createCaptcha({ captcha: 'recaptcha', hmacKey, recaptchaSecret: 'secret' });
    expect(captcha.kind).toBe('recaptcha');
    expect(await captcha.challenge()).toBeNull();
    expect(await captcha.verify(undefined)).toBe(false);
  });
});

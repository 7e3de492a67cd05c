import { type Challenge, createChallenge, randomInt, type Solution, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { Captcha } from './captcha.ts';
import { createMemoryReplayGuard, type ReplayGuard } from './replay-guard.ts';

/**
 * Proof-of-work cost. The widget tries counters from 0 up to the secret one, each a PBKDF2 of `cost`
 * iterations (≈0.3 ms on a laptop core), so a counter around 1000 takes about half a second in a
 * browser's workers and a few times more on a slow phone.
 */
const algorithm = 'PBKDF2/SHA-256';
const cost = 1_000;
const counterRange = { min: 500, max: 1_500 };
const lifetimeMs = 10 * 60_000;

export interface AltchaOptions {
  hmacKey: string;
  /** Where used payloads are remembered: this process (default) or Redis (replay-guard.ts). */
  replay?: ReplayGuard;
}

/**
 * Self-hosted ALTCHA (v2 protocol of altcha-lib 2 and the `altcha` 3 widget). The widget sends a
 * base64 JSON `{challenge, solution}`; a payload verifies once. Used challenges are remembered
 * until they expire, in this process or, with REDIS_URL, in Redis so a payload cannot be replayed
 * against another instance.
 */
export function createAltchaCaptcha(options: AltchaOptions): Captcha {
  const replay = options.replay ?? createMemoryReplayGuard();

  return {
    kind: 'altcha',
    async challenge() {
      return createChallenge({
        algorithm,
        cost,
        deriveKey,
        counter: randomInt(counterRange.max, counterRange.min),
        expiresAt: new Date(Date.now() + lifetimeMs),
        hmacSignatureSecret: options.hmacKey,
      });
    },
    async verify(token) {
      const payload = parsePayload(token);
      if (!payload) return false;
      const { nonce, expiresAt } = payload.challenge.parameters;
      if (typeof nonce !== 'string') return false;
      // Challenges this server creates always expire; refuse any that claims not to.
      if (typeof expiresAt !== 'number') return false;
      let verified = false;
      try {
        const result = await verifySolution({
          challenge: payload.challenge,
          solution: payload.solution,
          deriveKey,
          hmacSignatureSecret: options.hmacKey,
        });
        verified = result.verified;
      } catch {
        return false;
      }
      if (!verified) return false;
      // Claimed only once verified, atomically: of two requests with one payload, one wins.
      return replay.claim(nonce, expiresAt * 1000);
    },
  };
}

function parsePayload(token: string | undefined): { challenge: Challenge; solution: Solution } | null {
  if (!token || token.length > 10_000) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(token, 'base64').toString('utf8'));
    if (!isRecord(value) || !isRecord(value.challenge) || !isRecord(value.solution)) return null;
    if (!isRecord(value.challenge.parameters)) return null;
    return value as unknown as { challenge: Challenge; solution: Solution };
  } catch {
    return null;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

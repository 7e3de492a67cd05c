import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { TestApp } from '../app.ts';

/** What the ALTCHA widget sends for a challenge of this server (CAPTCHA=altcha). */
export async function solvedToken(app: TestApp): Promise<string> {
  const challenge = (
    await app.app.inject({ method: 'GET', url: '/api/captcha/challenge' })
  ).json() as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('no solution');
  const payload = {
    challenge: { parameters: challenge.parameters, signature: challenge.signature },
    solution,
  };
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}

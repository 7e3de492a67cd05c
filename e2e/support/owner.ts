import type { Page } from 'playwright-core';

interface Sink {
  waitFor: (
    predicate: (mail: { to: string[]; links: string[] }) => boolean,
    timeoutMs?: number,
  ) => Promise<{ links: string[] }>;
}

/**
 * A verified owner created through the API as a user would (register, then the mailed link).
 * `overrides` changes fields of the registration, e.g. `{ timeZone: 'UTC' }`.
 */
export async function registerVerifiedOwner(
  baseUrl: string,
  sink: Sink,
  tag = Date.now().toString(36),
  overrides: Partial<Record<'restaurantName' | 'timeZone' | 'restaurantType', string>> = {},
) {
  const account = {
    firstName: 'Wes',
    lastName: 'Workshop',
    username: `wes_${tag}`,
    email: `wes_${tag}@carte.test`,
    restaurantType: 'RESTAURANT',
    restaurantName: `Trattoria ${tag}`,
    timeZone: 'Europe/Rome',
    password: 'Workshop123',
    confirm_password: 'Workshop123',
    ...overrides,
  };
  const post = (path: string, body: unknown) =>
    fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const registered = await post('/api/users/register', account);
  if (!registered.ok) throw new Error(`register failed: ${await registered.text()}`);
  const mail = await sink.waitFor((m) => m.to.includes(account.email), 20_000);
  const link = mail.links.find((href) => href.includes('/user-verify-account?token='))!;
  const token = new URL(link).searchParams.get('token');
  const verified = await post('/api/users/email-verification', { token });
  if (!verified.ok) throw new Error(`verification failed: ${await verified.text()}`);
  return account;
}

export async function signInThroughUi(page: Page, username: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Username or email').fill(username);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: /sign in/i }).click();
  await page.waitForURL((url) => url.pathname === '/', { timeout: 30_000 });
}

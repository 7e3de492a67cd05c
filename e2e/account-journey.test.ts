import { decodeJwt, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { phone } from './support/browser.ts';
import { useJourney } from './support/journey.ts';

// The real anti-bot check: the ALTCHA widget solves its proof of work in the browser.
const journey = useJourney({ CAPTCHA: 'altcha' });

describe('an owner on a phone', () => {
  it('registers, opens the link from the mail, signs in, stays signed in past token expiry, signs out', async () => {
    const context = await journey.browser.newContext({ viewport: phone, baseURL: journey.server.url });
    const page = await context.newPage();
    const tag = Date.now().toString(36);
    const email = `journey_${tag}@carte.test`;
    const username = `journey_${tag}`;

    // Register.
    await page.goto('/register');
    await page.getByLabel('First name').fill('Jules');
    await page.getByLabel('Last name').fill('Journey');
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Restaurant name').fill('Chez Jules');
    await page.getByLabel(/^Password/).fill('Journey123');
    await page.getByLabel('Confirm password').fill('Journey124');
    await page.getByLabel('Confirm password').blur();
    await expect
      .poll(() => page.getByText('The password confirmation does not match.').isVisible())
      .toBe(true);
    await page.getByLabel('Confirm password').fill('Journey123');
    await page.getByRole('button', { name: /create account/i }).click();
    await page.waitForURL(/email_confirmation_sent=true/, { timeout: 30_000 });

    // Open the link from the caught mail.
    const mail = await journey.sink.waitFor((m) => m.to.includes(email), 20_000);
    const link = mail.links.find((href) => href.includes('/user-verify-account?token='));
    expect(link).toBeTruthy();
    await page.goto(link!);
    await expect
      .poll(
        () =>
          page
            .getByText(/verified/i)
            .first()
            .isVisible(),
        { timeout: 15_000 },
      )
      .toBe(true);
    await page.waitForURL(/\/login$/, { timeout: 10_000 });

    // Sign in and see home.
    await page.getByLabel('Username or email').fill(username);
    await page.getByLabel(/^Password/).fill('Journey123');
    await page.getByRole('button', { name: /sign in/i }).click();
    await page.waitForURL(`${journey.server.url}/`, { timeout: 30_000 });
    // The first-login tour may already cover the page (it hides the rest from the accessibility tree).
    await expect
      .poll(() => page.getByRole('heading', { name: 'Welcome, Jules', includeHidden: true }).isVisible(), {
        timeout: 15_000,
      })
      .toBe(true);

    // The access token expires: the app refreshes and retries without the user noticing.
    const stored = await page.evaluate(() => ({
      access: localStorage.getItem('carte.accessToken'),
      refresh: localStorage.getItem('carte.refreshToken'),
    }));
    const claims = decodeJwt(stored.access!);
    const past = Math.floor(Date.now() / 1000) - 3600;
    const expired = await new SignJWT({ sid: claims.sid, role: claims.role })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub!)
      .setIssuer('carte')
      .setIssuedAt(past - 900)
      .setExpirationTime(past)
      .sign(new TextEncoder().encode(journey.server.jwtSecret));
    await page.evaluate((token) => localStorage.setItem('carte.accessToken', token), expired);
    const sawExpired = page.waitForResponse((response) => response.status() === 417);
    await page.reload();
    await sawExpired;
    // The first-login tour may already cover the page (it hides the rest from the accessibility tree).
    await expect
      .poll(() => page.getByRole('heading', { name: 'Welcome, Jules', includeHidden: true }).isVisible(), {
        timeout: 15_000,
      })
      .toBe(true);
    expect(page.url()).toBe(`${journey.server.url}/`);
    const after = await page.evaluate(() => ({
      access: localStorage.getItem('carte.accessToken'),
      refresh: localStorage.getItem('carte.refreshToken'),
    }));
    expect(after.access).not.toBe(expired);
    expect(after.refresh).not.toBe(stored.refresh);

    // Sign out.
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/\/login$/);
    const cleared = await page.evaluate(() => [
      localStorage.getItem('carte.accessToken'),
      localStorage.getItem('carte.refreshToken'),
      localStorage.getItem('carte.user'),
    ]);
    expect(cleared).toEqual([null, null, null]);

    // Private pages send a signed-out visitor to /login; unknown ones say so.
    await page.goto('/update-account');
    await page.waitForURL(/\/login$/);
    await page.goto('/no-such-page');
    await expect.poll(() => page.getByText('404 Page Not Found').isVisible()).toBe(true);
    await context.close();
  });
});

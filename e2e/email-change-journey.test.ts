import { messages } from '@carte/domain';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { desktop } from './support/browser.ts';
import { useJourney } from './support/journey.ts';
import { registerVerifiedOwner, signInThroughUi } from './support/owner.ts';

const journey = useJourney({ CAPTCHA: 'off' });

const visible = (page: Page, text: string) =>
  expect.poll(() => page.getByText(text).first().isVisible(), { timeout: 15_000 }).toBe(true);

describe('an owner changes their email (docs/security.md, finding 5)', () => {
  it('is asked for the password, told to check the new mailbox, and the link there makes the change', async () => {
    const owner = await registerVerifiedOwner(
      journey.server.url,
      journey.sink,
      `mail${Date.now().toString(36)}`,
    );
    const newEmail = `moved_${Date.now().toString(36)}@carte.test`;
    const context = await journey.browser.newContext({ viewport: desktop, baseURL: journey.server.url });
    const page = await context.newPage();
    await signInThroughUi(page, owner.username, owner.password);

    await page.goto('/update-account');
    const email = page.getByLabel(/^Email/);
    await expect.poll(() => email.inputValue(), { timeout: 15_000 }).toBe(owner.email);
    // The password field appears only once the email is changed.
    expect(await page.getByLabel(/^Current password/).count()).toBe(0);
    await email.fill(newEmail);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await visible(page, messages.emailChangePasswordRequired);

    await page.getByLabel(/^Current password/).fill(owner.password);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await visible(page, messages.emailChangeSent(newEmail));
    // Until the link is opened the account keeps its address, and the form says what it waits for.
    await expect.poll(() => email.inputValue(), { timeout: 15_000 }).toBe(owner.email);
    await visible(page, messages.emailChangePending(newEmail));

    const mail = await journey.sink.waitFor((m) => m.to.includes(newEmail), 20_000);
    const link = mail.links.find((href) => href.includes('/user-verify-email?token='));
    expect(link).toBeTruthy();
    await page.goto(link!);
    await visible(page, messages.emailChanged);
    await page.getByRole('link', { name: 'Continue' }).click();
    await page.waitForURL((url) => url.pathname === '/', { timeout: 15_000 });

    await page.goto('/update-account');
    await expect.poll(() => page.getByLabel(/^Email/).inputValue(), { timeout: 15_000 }).toBe(newEmail);
    await context.close();
  });
});

import { messages } from '@carte/domain';
import { describe, expect, it } from 'vitest';
import { apiFor, signInApi } from './support/api.ts';
import { desktop, phone } from './support/browser.ts';
import { useJourney } from './support/journey.ts';
import { signInThroughUi } from './support/owner.ts';
import { eventually, expectNoSeriousViolation, screenshotPath, settled, toast } from './support/page.ts';

/**
 * Settings › Languages (issue 24 §1): the demo owner adds French and Spanish, chosen by their own
 * names, turns on machine drafts, saves; the restaurant answers them. Photographed at 1280 and 390 px.
 */

const journey = useJourney({ CAPTCHA: 'off', SEED_DEMO: 'true', BILLING_PROVIDER: 'off' }, { mail: false });

describe('languages settings', () => {
  it('adds languages by their own names and saves them with the form', async () => {
    const context = await journey.browser.newContext({ viewport: desktop, baseURL: journey.server.url });
    const page = await context.newPage();
    await signInThroughUi(page, 'demo', 'Demo1234');
    await page.goto('/settings');
    await page.getByRole('link', { name: 'Languages', exact: true }).click();
    const section = page.getByRole('region', { name: 'Languages' });
    await eventually(() => section.isVisible());

    const others = section.getByPlaceholder('Add a language');
    await others.click();
    await others.fill('fran');
    await page.getByRole('option', { name: /Français/ }).click();
    // The placeholder goes once a language is picked: the same field, found by its label now.
    const field = section.getByLabel('Other languages');
    await field.fill('span');
    await page.getByRole('option', { name: /Español/ }).click();
    await page.keyboard.press('Escape');
    await section.getByRole('switch', { name: /Show machine translations/ }).check({ force: true });
    await page.getByRole('button', { name: 'Update' }).first().click();
    await toast(page, messages.restaurantUpdated);

    const api = apiFor(journey.server.url, await signInApi(journey.server.url, 'demo', 'Demo1234'));
    const [restaurant] = await api.call<{ languages: unknown; showMachineTranslations: boolean }[]>(
      'GET',
      '/api/restaurants',
    );
    expect(restaurant?.languages).toEqual({ default: 'en', others: ['fr', 'es'] });
    expect(restaurant?.showMachineTranslations).toBe(true);

    // Read back after a reload: the chosen languages show by their own names.
    await page.goto('/settings#languages');
    await eventually(() => section.getByText('Français — French').isVisible());
    await settled(page);
    await expectNoSeriousViolation(page, 'settings languages', '#languages');
    await section.screenshot({ path: screenshotPath('languages-settings-1280') });
    await context.close();

    const small = await journey.browser.newContext({ viewport: phone, baseURL: journey.server.url });
    const phonePage = await small.newPage();
    await signInThroughUi(phonePage, 'demo', 'Demo1234');
    await phonePage.goto('/settings#languages');
    const phoneSection = phonePage.getByRole('region', { name: 'Languages' });
    await eventually(() => phoneSection.getByText('Español — Spanish').isVisible());
    await settled(phonePage);
    await phoneSection.screenshot({ path: screenshotPath('languages-settings-390') });
    await small.close();
  }, 120_000);
});

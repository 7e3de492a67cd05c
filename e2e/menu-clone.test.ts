import { messages } from '@carte/domain';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiFor, signInApi } from './support/api.ts';
import { desktop, phone } from './support/browser.ts';
import { useJourney } from './support/journey.ts';
import { registerVerifiedOwner, signInThroughUi } from './support/owner.ts';
import {
  eventually,
  expectNoHorizontalOverflow,
  expectNoSeriousViolation,
  screenshotPath,
  settled,
  toast,
} from './support/page.ts';

/**
 * Cloning a menu from the dashboard's menus (doc 1 §2, §4; issue 22 item 9): the copy is a draft
 * "X (copy)" listed at once with "Menu created successfully"; a second clone of the same menu meets
 * the first copy's name (412) and is named "X (copy) (copy)"; a clone that fails says "Menu can not
 * be created".
 */

const journey = useJourney({ CAPTCHA: 'off' });

const menuList = (page: Page, group: 'Published' | 'Unpublished') =>
  page.getByRole('list', { name: `${group} menus` });
const listed = async (page: Page, group: 'Published' | 'Unpublished') =>
  (await menuList(page, group).getByRole('listitem').allInnerTexts()).map((text) => text.trim());

describe('cloning a menu', () => {
  it('lists the copy at once, names a second copy "(copy) (copy)", and says when it fails', async () => {
    const owner = await registerVerifiedOwner(journey.server.url, journey.sink);
    const api = apiFor(
      journey.server.url,
      await signInApi(journey.server.url, owner.username, owner.password),
    );
    await api.call('POST', '/api/menus', { name: 'Lunch' });

    const context = await journey.browser.newContext({ viewport: desktop, baseURL: journey.server.url });
    const page = await context.newPage();
    await signInThroughUi(page, owner.username, owner.password);
    await page.getByRole('button', { name: 'Skip tour' }).click({ timeout: 15_000 });
    await eventually(async () => (await listed(page, 'Unpublished')).includes('Lunch'));

    // The first clone: a draft named "Lunch (copy)", listed without a reload.
    await page.getByRole('button', { name: 'Clone Lunch', exact: true }).click();
    await toast(page, messages.menuCreated);
    await eventually(async () => (await listed(page, 'Unpublished')).includes('Lunch (copy)'));

    // The same menu again: its first copy holds the name, so the copy is "Lunch (copy) (copy)".
    // axe on the page as it rests (a tooltip shows only under the pointer).
    await page.mouse.move(0, 0);
    await eventually(async () => (await page.getByRole('tooltip').count()) === 0);
    await expectNoSeriousViolation(page, 'dashboard menus with Clone', undefined, 'moderate');
    await page.getByRole('button', { name: 'Clone Lunch', exact: true }).hover();
    await eventually(() => page.getByRole('tooltip', { name: 'Clone' }).isVisible());
    await settled(page);
    await page.screenshot({ path: screenshotPath('menu-clone-1280'), fullPage: false });
    await page.getByRole('button', { name: 'Clone Lunch', exact: true }).click();
    await eventually(async () => (await listed(page, 'Unpublished')).includes('Lunch (copy) (copy)'));
    expect((await listed(page, 'Unpublished')).sort()).toEqual([
      'Lunch',
      'Lunch (copy)',
      'Lunch (copy) (copy)',
    ]);
    const menus = await api.call<{ name: string; draft: boolean }[]>('GET', '/api/menus');
    expect(menus.map(({ name, draft }) => ({ name, draft }))).toEqual([
      { name: 'Lunch', draft: true },
      { name: 'Lunch (copy)', draft: true },
      { name: 'Lunch (copy) (copy)', draft: true },
    ]);

    // A menu deleted meanwhile (in another tab) cannot be cloned: the failure is said in the spec's words.
    const gone = menus.find((menu) => menu.name === 'Lunch (copy) (copy)') as unknown as { _id: string };
    await api.call('DELETE', `/api/menus/${gone._id}`);
    await page.getByRole('button', { name: 'Clone Lunch (copy) (copy)', exact: true }).click();
    await toast(page, messages.cloneMenuFailed);
    expect((await api.call<unknown[]>('GET', '/api/menus')).length).toBe(2);

    // On a phone the menus and their Clone buttons fit the screen.
    await page.setViewportSize(phone);
    await page.reload();
    await eventually(async () => (await listed(page, 'Unpublished')).includes('Lunch (copy)'));
    await expectNoHorizontalOverflow(page);
    const cloneButton = page.getByRole('button', { name: 'Clone Lunch (copy)', exact: true });
    await cloneButton.scrollIntoViewIfNeeded();
    const box = (await cloneButton.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(phone.width);
    await cloneButton.hover();
    await eventually(() => page.getByRole('tooltip', { name: 'Clone' }).isVisible());
    await settled(page);
    await page.screenshot({ path: screenshotPath('menu-clone-390'), fullPage: false });
    await context.close();
  });
});

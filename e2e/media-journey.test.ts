import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { desktop } from './support/browser.ts';
import { useJourney } from './support/journey.ts';
import { registerVerifiedOwner, signInThroughUi } from './support/owner.ts';
import { toast } from './support/page.ts';

const journey = useJourney({ CAPTCHA: 'off' });

/** A photo-like picture (noise compresses badly), so its upload takes a while on a slow link. */
const noisyPng = (width: number, height: number) =>
  sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();

const title = (page: Page) => page.getByRole('heading', { level: 1 }).textContent();

describe('the media library', () => {
  it('uploads two images at once with progress, crops one, picks it for a dish, and steps back a page on delete', async () => {
    const owner = await registerVerifiedOwner(journey.server.url, journey.sink);
    const context = await journey.browser.newContext({ viewport: desktop, baseURL: journey.server.url });
    const page = await context.newPage();
    await signInThroughUi(page, owner.username, owner.password);
    const token = await page.evaluate(() => localStorage.getItem('carte.accessToken'));
    const api = async <T>(path: string) => {
      const answer = await fetch(`${journey.server.url}/api${path}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      return ((await answer.json()) as { message: T }).message;
    };

    // The empty library.
    await page.getByRole('link', { name: 'Media' }).click();
    await page.waitForURL('**/media-section');
    await expect.poll(() => title(page)).toBe('Media (0)');
    expect(await page.getByText('No images available to upload').isVisible()).toBe(true);

    // Two images at once, on a slow link so each file's progress bar moves on its own.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 1_500_000,
    });
    await page.getByRole('button', { name: 'Upload media' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Upload media' });
    await dialog
      .getByLabel('Images to upload')
      .first()
      .setInputFiles([
        { name: 'harbour.png', mimeType: 'image/png', buffer: await noisyPng(900, 700) },
        { name: 'orchard.png', mimeType: 'image/png', buffer: await noisyPng(800, 800) },
      ]);
    expect(await dialog.getByRole('progressbar').count()).toBe(2);
    // Every value each bar shows, recorded as it changes.
    await page.evaluate(() => {
      const seen: Record<string, number[]> = {};
      (window as unknown as { progressSeen: typeof seen }).progressSeen = seen;
      const record = () => {
        for (const bar of document.querySelectorAll('[role="progressbar"]')) {
          const name = bar.getAttribute('aria-label') ?? '';
          const value = Number(bar.getAttribute('aria-valuenow'));
          seen[name] ??= [];
          if (seen[name].at(-1) !== value) seen[name].push(value);
        }
      };
      new MutationObserver(record).observe(document.body, {
        subtree: true,
        attributes: true,
        attributeFilter: ['aria-valuenow'],
      });
    });
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await toast(page, '2 image(s) uploaded successfully');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    const seen = await page.evaluate(
      () => (window as unknown as { progressSeen: Record<string, number[]> }).progressSeen,
    );
    for (const name of ['harbour.png', 'orchard.png']) {
      const values = seen[`Upload progress of ${name}`] ?? [];
      expect(
        values.some((value) => value > 0 && value < 100),
        `${name}: ${values.join(', ')}`,
      ).toBe(true);
      expect(values.at(-1), name).toBe(100);
    }
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await expect.poll(() => title(page)).toBe('Media (2)');

    // Crop one: zoom in, save it as a new version beside the original.
    await page.getByRole('button', { name: 'Edit orchard.png' }).click();
    const editor = page.getByRole('dialog', { name: 'Edit image' });
    await editor.getByRole('slider').focus();
    for (let step = 0; step < 30; step++) await page.keyboard.press('ArrowRight');
    await editor.getByRole('button', { name: 'Save as new image' }).click();
    await toast(page, 'Image saved successfully');
    await expect.poll(() => title(page)).toBe('Media (3)');
    expect(await page.getByRole('img', { name: 'orchard (edited).png' }).isVisible()).toBe(true);
    const library = await api<{ data: { _id: string; fileName: string; width: number; height: number }[] }>(
      '/restaurants/media',
    );
    const edited = library.data.find((item) => item.fileName === 'orchard (edited).png')!;
    // The dish crop box (4:3, DISH_IMAGE_ASPECT) at 1.3× zoom of an 800×800 picture.
    expect(edited.height).toBeLessThan(800);
    expect(edited.width / edited.height).toBeCloseTo(4 / 3, 1);

    // Pick it as a dish image from the dish form's picker ("Create dish" opens it over the list).
    await page.goto('/create-dish?new');
    await page.getByLabel(/^Dish name/).fill('Orchard salad');
    await page.getByLabel(/^Price/).fill('9.50');
    await page.getByRole('button', { name: 'Choose from media' }).click();
    const picker = page.getByRole('dialog', { name: 'Choose from media' });
    await picker.getByRole('button', { name: 'orchard (edited).png' }).click();
    await picker.getByRole('button', { name: 'Use image' }).click();
    await expect.poll(() => picker.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Create dish' }).last().click();
    // No ingredient chosen: the form asks first (doc 1 §5).
    await page.getByRole('button', { name: 'Continue anyway' }).click();
    await toast(page, 'Dish created successfully');
    const dishes = await api<{ name: string; image: string | null }[]>('/dishes');
    const dish = dishes.find((entry) => entry.name === 'Orchard salad')!;
    expect(dish.image).toMatch(/^\/media\/dish\/[0-9a-f]{24}\/full\.webp$/);
    const picture = await fetch(`${journey.server.url}${dish.image}`);
    expect(picture.status).toBe(200);
    expect((await sharp(Buffer.from(await picture.arrayBuffer())).metadata()).format).toBe('webp');

    // 25 images: page 2 holds one. Deleting it goes back to page 1.
    const small = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#1c7ed6' } })
      .png()
      .toBuffer();
    for (let batch = 0; batch < 3; batch++) {
      const form = new FormData();
      const count = batch < 2 ? 10 : 2;
      for (let index = 0; index < count; index++)
        form.append(
          `images[${index}]`,
          new Blob([new Uint8Array(small)], { type: 'image/png' }),
          `tile-${batch}-${index}.png`,
        );
      const answer = await fetch(`${journey.server.url}/api/restaurants/upload-media`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      expect(answer.status).toBe(200);
    }
    await page.goto('/media-section?page=2');
    await expect.poll(() => title(page)).toBe('Media (25)');
    const pages = page.getByRole('navigation', { name: 'Media pages' });
    expect(await pages.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
    const last = page.getByRole('button', { name: /^Delete / });
    expect(await last.count()).toBe(1);
    const lastName = (await last.getAttribute('aria-label'))!.replace(/^Delete /, '');
    await last.click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Image deleted successfully');
    await expect.poll(() => title(page)).toBe('Media (24)');
    await expect.poll(() => new URL(page.url()).searchParams.get('page')).toBe(null);
    expect(await page.getByRole('button', { name: /^Delete / }).count()).toBe(24);
    expect(await page.getByRole('img', { name: lastName }).count()).toBe(0);
    // One page now: no pager.
    expect(await pages.count()).toBe(0);
    // The dish keeps its own copy whatever happens to the library.
    expect((await fetch(`${journey.server.url}${dish.image}`)).status).toBe(200);
    await context.close();
  });
});

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { BrowserContext, Download, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiskStorage } from '../apps/server/src/adapters/storage/disk-storage.ts';
import { storeImage } from '../apps/server/src/features/media/index.ts';
import { crop, decode, decodeImage, renderPdfPage } from '../apps/server/test/qr-decode.ts';
import { apiFor, signInApi } from './support/api.ts';
import { desktop, phone } from './support/browser.ts';
import { useJourney } from './support/journey.ts';
import { signInThroughUi } from './support/owner.ts';
import { eventually, expectNoSeriousViolation, screenshotPath, settled, toast } from './support/page.ts';
import { freePort } from './support/server.ts';

/**
 * Sharing the menu (issue 9, items 3, 4 and 8): the demo owner downloads the QR code as PNG and SVG
 * and the printable cards as PDF from the dashboard (each read back to the menu's address), copies
 * the embed code, and a page of another site (a second HTTP server, another origin) shows the menu
 * in that iframe. The QR section (each template) and the embed modal are photographed at 1280 and
 * 390 px (test-results/screenshots/) and checked with axe. The QR section is the settings form's.
 */

/** The server's data folder (DATA_DIR: its stored pictures). */
const dataDir = mkdtempSync(path.join(tmpdir(), 'carte-e2e-sharing-'));
// Registered before the journey's own hooks, so it runs once the server has stopped.
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const journey = useJourney({ CAPTCHA: 'off', SEED_DEMO: 'true', DATA_DIR: dataDir }, { mail: false });
let menuUrl: string;
let restaurantName: string;
let otherSite: Server | null = null;
let tourKey: string;

/**
 * The demo truck's logo, stored as the profile form stores one (the server's own image code, in the
 * server's data folder): the cards print it, and the QR section offers it behind the code.
 */
async function giveDemoLogo(restaurantId: string) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="200"><rect x="4" y="4" width="472" height="192" rx="36" fill="#c2410c"/><text x="240" y="128" font-family="DejaVu Sans, sans-serif" font-size="84" font-weight="bold" fill="#fff7ed" text-anchor="middle">CARTE</text></svg>`;
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  const key = await storeImage(
    createDiskStorage({ dataDir }),
    { field: 'logo', filename: 'logo.png', mimetype: 'image/png', size: png.length, buffer: png },
    'logo',
  );
  const client = new pg.Client({ connectionString: journey.server.databaseUrl });
  await client.connect();
  try {
    await client.query('UPDATE restaurants SET logo = $1 WHERE id = $2', [key, restaurantId]);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  const api = apiFor(journey.server.url, await signInApi(journey.server.url, 'demo', 'Demo1234'));
  const me = await api.call<{ _id: string; restaurants: { _id: string; name: string }[] }>(
    'GET',
    '/api/users/me',
  );
  tourKey = `carte.tourSeen.${me._id}`;
  menuUrl = `${journey.server.url}/menu/${me.restaurants[0]!._id}`;
  await giveDemoLogo(me.restaurants[0]!._id);
  restaurantName = me.restaurants[0]!.name;
});

afterAll(async () => {
  await new Promise((resolve) => (otherSite ? otherSite.close(resolve) : resolve(undefined)));
});

async function ownerPage(viewport: {
  width: number;
  height: number;
}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await journey.browser.newContext({
    viewport,
    baseURL: journey.server.url,
    acceptDownloads: true,
  });
  // The first sign-in's tour is another journey's; this one starts where the owner has seen it.
  await context.addInitScript((key) => localStorage.setItem(key, '2026-01-01T00:00:00.000Z'), tourKey);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: journey.server.url });
  const page = await context.newPage();
  await signInThroughUi(page, 'demo', 'Demo1234');
  return { context, page };
}

/** Chooses an entry of the "Download or Print" menu and answers the file the browser saved. */
async function downloadFrom(page: Page, scope: ReturnType<Page['getByRole']>, item: string) {
  await scope.getByRole('button', { name: 'Download or Print' }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 30_000 }),
    page.getByRole('menuitem', { name: item }).click(),
  ]);
  return { name: (download as Download).suggestedFilename(), body: readFileSync((await download.path())!) };
}

const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

describe('the owner shares the menu', () => {
  it('downloads the QR as PNG and SVG and the printable cards as PDF, all leading to the menu', async () => {
    const { context, page } = await ownerPage(desktop);
    const card = page.locator('#public-menu');
    await eventually(() => card.getByText(menuUrl, { exact: true }).isVisible());

    await card.getByRole('button', { name: 'Copy Menu URL' }).click();
    await toast(page, 'Menu URL has been copied successfully to clipboard');
    expect(await clipboard(page)).toBe(menuUrl);

    await card.getByRole('button', { name: 'QR code' }).click();
    const dialog = page.getByRole('dialog', { name: 'QR code' });
    await eventually(() => dialog.getByRole('img', { name: 'QR code of your public menu' }).isVisible());

    const png = await downloadFrom(page, dialog, 'PNG image');
    expect(png.name).toBe('qrcode.png');
    expect((await sharp(png.body).metadata()).format).toBe('png');
    expect(await decodeImage(png.body)).toBe(menuUrl);

    const svg = await downloadFrom(page, dialog, 'SVG vector');
    expect(svg.name).toBe('qrcode.svg');
    expect(svg.body.toString('utf8')).toMatch(/^<svg [^>]*viewBox=/);
    expect(await decodeImage(await sharp(svg.body, { density: 300 }).png().toBuffer())).toBe(menuUrl);

    const pdf = await downloadFrom(page, dialog, 'A4 · 4 cards per sheet');
    expect(pdf.name).toBe('qr-table-cards.pdf');
    expect(pdf.body.subarray(0, 5).toString()).toBe('%PDF-');
    const sheet = await renderPdfPage(pdf.body);
    expect([sheet.widthPt, sheet.heightPt].map(Math.round)).toEqual([595, 842]);
    expect(sheet.text.filter((text) => text === 'Scan for our menu')).toHaveLength(4);
    const half = { w: sheet.widthPt / 2, h: sheet.heightPt / 2 };
    for (const [x, y] of [
      [0, 0],
      [half.w, half.h],
    ] as const) {
      expect(decode(crop(sheet, { x, y, w: half.w, h: half.h }))).toBe(menuUrl);
    }
    await context.close();
  });

  it('copies the embed code, and a page of another site shows the menu in that iframe', async () => {
    const { context, page } = await ownerPage(desktop);
    const card = page.locator('#public-menu');
    await card.getByRole('button', { name: 'Embed code' }).click();
    const dialog = page.getByRole('dialog', { name: 'Embed your menu' });
    // Default: 400 × 844, the size inputs locked.
    const code = dialog.getByLabel('Embed code');
    await expect
      .poll(() => code.inputValue(), { timeout: 15_000 })
      .toContain('width:400px;height:844px;max-width:100%;max-height:85vh');
    expect(await dialog.getByLabel('Width').isDisabled()).toBe(true);

    await dialog.getByText('Pixels', { exact: true }).click();
    await dialog.getByLabel('Width').fill('360');
    await dialog.getByLabel('Height').fill('640');
    await dialog.getByRole('button', { name: 'Copy embed code' }).click();
    await toast(page, 'Embedded Menu has been copied successfully to clipboard');
    const copied = await clipboard(page);
    expect(copied).toBe(await code.inputValue());
    expect(copied).toContain(`src="${menuUrl}"`);
    expect(copied).toContain('style="width:360px;height:640px;max-width:100%;max-height:85vh;border:0"');

    // Another site: its own server, on another port and another host name, so another origin.
    const port = await freePort();
    otherSite = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(
        `<!doctype html><html lang="en"><head><title>Our food truck</title></head><body><h1>Find us today</h1>${copied}</body></html>`,
      );
    });
    await new Promise<void>((resolve) => otherSite!.listen(port, '127.0.0.1', resolve));
    const site = `http://localhost:${port}/`;
    expect(new URL(site).origin).not.toBe(new URL(journey.server.url).origin);

    const visitor = await journey.browser.newPage({ viewport: desktop });
    await visitor.goto(site);
    const frameElement = visitor.locator('iframe');
    const box = await frameElement.boundingBox();
    expect([Math.round(box!.width), Math.round(box!.height)]).toEqual([360, 640]);
    const frame = visitor.frameLocator('iframe');
    // The menu itself is inside: the restaurant's name and its dishes, rendered by Carte.
    await expect
      .poll(() => frame.getByText(restaurantName).first().isVisible(), { timeout: 20_000 })
      .toBe(true);
    const inner = visitor.frames().find((f) => f.url().startsWith(menuUrl));
    expect(inner).toBeDefined();
    // The demo truck's menu with its dishes and prices, not an error page. While several of its
    // menus are open the page asks which one first (doc 2 §2): the visitor picks All Day in the frame.
    if ((await inner!.evaluate(() => document.body.innerText)).includes('Choose a menu:'))
      await frame
        .getByRole('link', { name: /All Day/ })
        .first()
        .click();
    await expect
      .poll(async () => ((await frame.locator('body').innerText()).match(/\$\d/g) ?? []).length, {
        timeout: 20_000,
      })
      .toBeGreaterThan(3);
    await visitor.screenshot({ path: screenshotPath('embed-on-another-site') });
    await visitor.close();
    await context.close();
  });
});

describe('the sharing screens look finished and pass axe', () => {
  for (const [label, viewport] of [
    ['1280', desktop],
    ['390', phone],
  ] as const) {
    it(`QR section with each template, and the embed modal, at ${label} px`, async () => {
      const { context, page } = await ownerPage(viewport);
      await page.goto('/settings');
      const section = page.locator('#qr-code');
      await eventually(() =>
        section
          .getByRole('img', { name: /^Table card preview/ })
          .first()
          .isVisible(),
      );
      // The logo faintly behind the code: the slider, by keyboard (0.05 a step).
      const alpha = section.getByRole('slider', { name: 'Logo behind the code' });
      await alpha.focus();
      for (let step = 0; step < 4; step++) await page.keyboard.press('ArrowRight');
      expect(await alpha.getAttribute('aria-valuenow')).toBe('0.2');
      for (const n of [1, 2, 3, 4]) {
        await section.getByRole('radio', { name: new RegExp(`^Template ${n}:`) }).click();
        await eventually(() =>
          section.getByRole('img', { name: `Table card preview, Template ${n}` }).isVisible(),
        );
        // The section alone: the shell's header and the form's save bar, both sticky, hidden.
        await section.screenshot({
          path: screenshotPath(`qr-section-template-${n}-${label}`),
          style: '.mantine-AppShell-header, [class*="actionBar"] { visibility: hidden !important; }',
        });
      }
      await expectNoSeriousViolation(page, `QR section ${label}`, '#qr-code');

      await page.goto('/');
      const card = page.locator('#public-menu');
      await card.getByRole('button', { name: 'Embed code' }).click();
      const dialog = page.getByRole('dialog', { name: 'Embed your menu' });
      await eventually(() => dialog.isVisible());
      await settled(page);
      await page.screenshot({ path: screenshotPath(`embed-modal-${label}`) });
      await expectNoSeriousViolation(page, `embed modal ${label}`, '[role="dialog"]');
      await page.keyboard.press('Escape');

      await card.getByRole('button', { name: 'QR code' }).click();
      await eventually(() =>
        page.getByRole('dialog', { name: 'QR code' }).getByRole('img').first().isVisible(),
      );
      await settled(page);
      await page.screenshot({ path: screenshotPath(`qr-modal-${label}`) });
      await expectNoSeriousViolation(page, `QR modal ${label}`, '[role="dialog"]');
      await page.keyboard.press('Escape');
      await card.screenshot({ path: screenshotPath(`public-menu-card-${label}`) });
      await expectNoSeriousViolation(page, `public menu card ${label}`, '#public-menu');
      await context.close();
    });
  }
});

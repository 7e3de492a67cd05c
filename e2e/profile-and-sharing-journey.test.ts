import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Download, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crop, decode, decodeImage, renderPdfPage } from '../apps/server/test/qr-decode.ts';
import { type Api, apiFor, signInApi } from './support/api.ts';
import { desktop, phone } from './support/browser.ts';
import { useJourney } from './support/journey.ts';
import { signInThroughUi } from './support/owner.ts';
import {
  eventually,
  expectNoHorizontalOverflow,
  expectNoSeriousViolation,
  screenshotPath,
  toast,
} from './support/page.ts';
import { freePort } from './support/server.ts';

/**
 * Issue 9's journey, whole, at phone and at desktop size: the owner crops a picture of the media
 * library to a square and picks it as the logo, writes a description, turns on a call to action and
 * adds social links; the public menu shows all of it. Then the owner downloads the QR code as PNG and
 * SVG and the printable cards as PDF from the settings' QR section (each decoded back to the menu's
 * address), copies the embed code, and a page of another site (another origin) shows the menu in it.
 */

/** The server's data folder (DATA_DIR: its stored pictures). */
const dataDir = mkdtempSync(path.join(tmpdir(), 'carte-e2e-profile-sharing-'));
// Registered before the journey's own hooks, so it runs once the server has stopped.
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const journey = useJourney({ CAPTCHA: 'off', SEED_DEMO: 'true', DATA_DIR: dataDir }, { mail: false });
let api: Api;
let menuUrl: string;
let tourKey: string;
const otherSites: Server[] = [];

/** A picture with a clear centre (a white disc on orange), so a square crop of it is easy to see. */
const photo = () =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="600"><rect width="900" height="600" fill="#e4572e"/><circle cx="450" cy="300" r="200" fill="#fff7ed"/><text x="450" y="330" font-family="DejaVu Sans, sans-serif" font-size="96" font-weight="bold" fill="#e4572e" text-anchor="middle">RT</text></svg>`,
    ),
  )
    .png()
    .toBuffer();

beforeAll(async () => {
  const token = await signInApi(journey.server.url, 'demo', 'Demo1234');
  api = apiFor(journey.server.url, token);
  const me = await api.call<{ _id: string; restaurants: { _id: string }[] }>('GET', '/api/users/me');
  tourKey = `carte.tourSeen.${me._id}`;
  menuUrl = `${journey.server.url}/menu/${me.restaurants[0]!._id}`;
  // Only the demo's All Day menu stays published, so the public page shows it at any hour.
  const menus = await api.call<{ _id: string; name: string }[]>('GET', '/api/menus');
  for (const menu of menus.filter((item) => item.name !== 'All Day'))
    await api.call('PUT', `/api/menus/${menu._id}`, { draft: true });
  // A menu's own logo stands in for the restaurant's (doc 2 §3): All Day shows the restaurant's.
  const allDay = menus.find((item) => item.name === 'All Day')!;
  await api.call('PUT', `/api/menus/${allDay._id}`, { removeLogo: true });
  // The library holds one photo of each size's run, uploaded as the media screen uploads.
  const form = new FormData();
  const png = new Uint8Array(await photo());
  form.append('images[0]', new Blob([png], { type: 'image/png' }), 'truck-1280.png');
  form.append('images[1]', new Blob([png], { type: 'image/png' }), 'truck-390.png');
  const uploaded = await fetch(`${journey.server.url}/api/restaurants/upload-media`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(uploaded.status).toBe(200);
});

afterAll(async () => {
  for (const site of otherSites) await new Promise((resolve) => site.close(resolve));
});

/** Chooses an entry of the "Download or Print" menu and answers the file the browser saved. */
async function downloadFrom(page: Page, scope: Locator, item: string) {
  await scope.getByRole('button', { name: 'Download or Print' }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 30_000 }),
    page.getByRole('menuitem', { name: item }).click(),
  ]);
  return { name: (download as Download).suggestedFilename(), body: readFileSync((await download.path())!) };
}

/** Serves `body` as a page of another site: another port and host name, so another origin. */
async function otherSite(body: string): Promise<string> {
  const port = await freePort();
  const site = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      `<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width, initial-scale=1"><title>Rolling Tacos</title></head><body style="margin:8px"><h1>Find us today</h1>${body}</body></html>`,
    );
  });
  otherSites.push(site);
  await new Promise<void>((resolve) => site.listen(port, '127.0.0.1', resolve));
  const url = `http://localhost:${port}/`;
  expect(new URL(url).origin).not.toBe(new URL(journey.server.url).origin);
  return url;
}

describe.each([
  ['1280', desktop, false],
  ['390', phone, true],
] as const)('at %s px, the owner sets the profile and shares the menu', (size, viewport, mobile) => {
  it('logo cropped from media, description, button and social links reach the public menu; the QR files and the embed lead to it', async () => {
    const context = await journey.browser.newContext({
      viewport,
      baseURL: journey.server.url,
      acceptDownloads: true,
      isMobile: mobile,
      hasTouch: mobile,
    });
    // The first sign-in's tour is another journey's; this one starts where the owner has seen it.
    await context.addInitScript((key) => localStorage.setItem(key, '2026-01-01T00:00:00.000Z'), tourKey);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: journey.server.url });
    const page = await context.newPage();
    await signInThroughUi(page, 'demo', 'Demo1234');

    // 1. The media library: a square crop of this run's photo, saved beside the original.
    await page.goto('/media-section');
    const photoName = `truck-${size}.png`;
    const croppedName = `truck-${size} (edited).png`;
    await page.getByRole('button', { name: `Edit ${photoName}` }).click();
    const editor = page.getByRole('dialog', { name: 'Edit image' });
    await editor.getByText('Square', { exact: true }).click();
    await editor.getByRole('slider').focus();
    for (let step = 0; step < 10; step++) await page.keyboard.press('ArrowRight');
    await editor.getByRole('button', { name: 'Save as new image' }).click();
    await toast(page, 'Image saved successfully');
    await eventually(() => page.getByRole('img', { name: croppedName }).isVisible());
    await eventually(async () => (await page.getByRole('dialog').count()) === 0);
    await eventually(async () => !(await page.getByText('Image saved successfully').isVisible()), 20_000);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: screenshotPath(`media-section-${size}`), fullPage: true });
    await expectNoSeriousViolation(page, `/media-section at ${size} px`, 'main');
    await expectNoHorizontalOverflow(page);

    // 2. Settings: the cropped picture as the logo, a description, the call to action, social links.
    await page.goto('/settings');
    await eventually(() => page.getByRole('heading', { name: 'Business profile' }).isVisible(), 20_000);
    const update = page.getByRole('button', { name: 'Update', exact: true });
    expect(await update.isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Choose from media' }).first().click();
    const picker = page.getByRole('dialog', { name: 'Choose from media' });
    await picker.getByRole('button', { name: croppedName }).click();
    await picker.getByRole('button', { name: 'Use image' }).click();
    await eventually(async () => !(await picker.isVisible()));

    const description = `Tacos al pastor from the trompo (${size}).`;
    const editorBox = page.getByRole('textbox', { name: 'Description' });
    await editorBox.click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(description);

    await page.getByRole('switch', { name: 'Enabled' }).check({ force: true });
    await page.getByLabel('Button type', { exact: true }).first().click();
    await page.getByRole('option', { name: 'Order online' }).click();
    await page.getByLabel('Ordering page').fill(`order.rollingtacos.example/${size}`);
    await page.getByLabel('Instagram').fill(`instagram.com/rollingtacos${size}`);
    await page.getByLabel('Website').fill('rollingtacos.example');

    await eventually(async () => !(await update.isDisabled()));
    await update.click();
    await toast(page, 'Restaurant updated successfully!');
    await eventually(async () => !(await page.getByText("You haven't saved your changes!").isVisible()));
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: screenshotPath(`journey-settings-saved-${size}`), fullPage: true });

    // 3. The public menu shows all of it.
    const diner = await context.newPage();
    await diner.goto(menuUrl);
    const cta = diner.locator('a.cm-cta');
    await eventually(() => cta.isVisible());
    expect(await cta.textContent()).toBe('Order online');
    expect(await cta.getAttribute('href')).toBe(`https://order.rollingtacos.example/${size}`);
    expect(await diner.locator(`a[href="https://instagram.com/rollingtacos${size}"]`).count()).toBe(1);
    expect(await diner.locator('a[href="https://rollingtacos.example"]').count()).toBe(1);
    expect(await diner.locator('.cm-about').textContent()).toBe(description);
    const logoSrc = (await diner.locator('img.cm-logo').first().getAttribute('src'))!;
    expect(logoSrc).toMatch(/^\/media\/logo\//);
    const logo = await fetch(new URL(logoSrc, journey.server.url));
    expect(logo.status).toBe(200);
    const logoMeta = await sharp(Buffer.from(await logo.arrayBuffer())).metadata();
    // The square crop, not the 3:2 original.
    expect(logoMeta.width).toBe(logoMeta.height);
    await expectNoHorizontalOverflow(diner);
    await diner.screenshot({ path: screenshotPath(`journey-public-menu-${size}`) });
    await diner.close();

    // 4. The QR section of the settings: PNG, SVG and the printable cards, each read back.
    const qr = page.locator('#qr-code');
    await qr.scrollIntoViewIfNeeded();
    const png = await downloadFrom(page, qr, 'PNG image');
    expect(png.name).toBe('qrcode.png');
    expect((await sharp(png.body).metadata()).format).toBe('png');
    expect(await decodeImage(png.body)).toBe(menuUrl);

    const svg = await downloadFrom(page, qr, 'SVG vector');
    expect(svg.name).toBe('qrcode.svg');
    expect(svg.body.toString('utf8')).toMatch(/^<svg [^>]*viewBox=/);
    expect(await decodeImage(await sharp(svg.body, { density: 300 }).png().toBuffer())).toBe(menuUrl);

    const pdf = await downloadFrom(page, qr, 'A4 · 4 cards per sheet');
    expect(pdf.name).toBe('qr-table-cards.pdf');
    expect(pdf.body.subarray(0, 5).toString()).toBe('%PDF-');
    const sheet = await renderPdfPage(pdf.body);
    expect([sheet.widthPt, sheet.heightPt].map(Math.round)).toEqual([595, 842]);
    const half = { w: sheet.widthPt / 2, h: sheet.heightPt / 2 };
    for (const [x, y] of [
      [0, 0],
      [half.w, 0],
      [0, half.h],
      [half.w, half.h],
    ] as const)
      expect(decode(crop(sheet, { x, y, w: half.w, h: half.h }))).toBe(menuUrl);

    // 5. The embed code, copied from the dashboard, shows the menu on another site.
    await page.goto('/');
    const card = page.locator('#public-menu');
    await card.getByRole('button', { name: 'Embed code' }).click();
    const dialog = page.getByRole('dialog', { name: 'Embed your menu' });
    const code = dialog.getByLabel('Embed code');
    await expect.poll(() => code.inputValue(), { timeout: 15_000 }).toContain(`src="${menuUrl}"`);
    await dialog.getByRole('button', { name: 'Copy embed code' }).click();
    await toast(page, 'Embedded Menu has been copied successfully to clipboard');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(await code.inputValue());

    const visitor = await journey.browser.newPage({ viewport });
    await visitor.goto(await otherSite(copied));
    const frame = visitor.frameLocator('iframe');
    await expect
      .poll(() => frame.locator('a.cm-cta').textContent(), { timeout: 20_000 })
      .toBe('Order online');
    expect(await frame.getByText(description).isVisible()).toBe(true);
    // The menu itself, with its dishes and prices, not an error page.
    await expect
      .poll(async () => ((await frame.locator('body').innerText()).match(/\$\d/g) ?? []).length, {
        timeout: 20_000,
      })
      .toBeGreaterThan(3);
    const box = (await visitor.locator('iframe').boundingBox())!;
    expect(box.width).toBeLessThanOrEqual(viewport.width);
    expect(box.width).toBeGreaterThan(300);
    await visitor.screenshot({ path: screenshotPath(`journey-embed-on-another-site-${size}`) });
    await visitor.close();
    await context.close();
  });
});

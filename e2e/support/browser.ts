import { type Browser, chromium } from 'playwright-core';

/** Debian's chromium, never a downloaded browser; no background traffic on a closed network. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      '--no-first-run',
    ],
  });
}

export const phone = { width: 390, height: 844 };
export const desktop = { width: 1280, height: 800 };

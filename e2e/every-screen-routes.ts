import { routeRules } from '@carte/domain';
import type { Page } from 'playwright-core';
import { implementedPaths } from '../apps/web/src/ui/implemented-paths.ts';
import { drawn } from './support/settled.ts';

/**
 * Every owner screen (issue 11 "done when"): each private owner route of the route table
 * (packages/domain/src/navigation.ts) that this build implements (apps/web/src/ui/implemented-paths.ts),
 * its `:id` filled with one of the demo's records, plus the menu form of an existing menu. Used by
 * the screenshots script (scripts/screenshots.ts) and the axe suite (e2e/every-screen-axe.test.ts).
 */
export interface Screen {
  /** A file-friendly name: "create-menu", "update-dish", "dashboard". */
  name: string;
  /** The address opened. */
  url: string;
}

interface Ids {
  menu: string;
  dish: string;
  category: string;
}

/** Reads one record of each kind with the signed-in owner's token, for the `:id` screens. */
export async function demoIds(baseUrl: string, token: string): Promise<Ids> {
  const first = async (path: string) => {
    const answer = await fetch(`${baseUrl}/api${path}`, { headers: { authorization: `Bearer ${token}` } });
    const body = (await answer.json()) as { message: Array<{ _id: string }> };
    const id = body.message[0]?._id;
    if (!id) throw new Error(`the demo has no record at ${path}`);
    return id;
  };
  return { menu: await first('/menus'), dish: await first('/dishes'), category: await first('/categories') };
}

export function ownerScreens(ids: Ids): Screen[] {
  const screens: Screen[] = [];
  for (const rule of routeRules) {
    if (rule.area !== 'owner' || !rule.private || !implementedPaths.has(rule.path)) continue;
    // The translation screen of one language is /translations's own (it opens the first language).
    if (rule.path === '/translations/:lang') continue;
    const url = rule.path
      .replace('/update-dish/:id', `/update-dish/${ids.dish}`)
      .replace('/update-category/:id', `/update-category/${ids.category}`)
      .replace('/menus/:id/allergens', `/menus/${ids.menu}/allergens`);
    const name =
      rule.path === '/' ? 'dashboard' : rule.path.slice(1).replace(/\/:id/g, '').replace(/\//g, '-');
    screens.push({ name, url });
  }
  screens.push({ name: 'edit-menu', url: `/create-menu?id=${ids.menu}` });
  return screens;
}

/** Opens a screen and waits until it has drawn its data (support/settled.ts). */
export async function openScreen(page: Page, screen: Screen): Promise<void> {
  await page.goto(screen.url);
  await drawn(page);
}

/** Marks the first-login tour as seen, so no overlay covers the screens. */
export async function skipTour(page: Page, userId: string): Promise<void> {
  await page.evaluate((id) => localStorage.setItem(`carte.tourSeen.${id}`, new Date().toISOString()), userId);
}

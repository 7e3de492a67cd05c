import { z } from 'zod';
import { objectId } from './api.ts';
import { messages } from './messages.ts';
import type { Permissions } from './permissions.ts';
import { text } from './text.ts';

/**
 * Menu displays (doc 2 §2 layout editor, §3 map structure, §4, §7 `/maps`): a restaurant's
 * locations hold zones ("Terrace"), zones hold menu displays (a table, a screen), and each display
 * holds the menus served there, each with its own public address and QR code.
 */

/** Bounds of one layout: what a restaurant needs, and no payload that would make a save slow. */
export const LAYOUT_LIMITS = {
  zones: 50,
  displaysPerZone: 100,
  menusPerDisplay: 50,
  /** Displays of one location. */
  displays: 500,
  /** Locations in one save: a parent sends the ones it changed (the editor sends one at a time). */
  locations: 50,
};
/**
 * The largest POST /maps body read (issue 21): 500 displays of 50 menus, each echoed as the GET
 * answered it (id, name, cover address, draft: about 150 bytes), is 3.75 MB; 4 MiB leaves room for
 * names and zones. A larger body answers 413 before it is read.
 */
export const LAYOUT_BODY_LIMIT = 4 * 1024 * 1024;

/**
 * An id as the editor sends it (doc 2 §3): a stored one (24 hex characters), or one the browser
 * made for a new zone or display, which contains a dash and is replaced by a real id when saved.
 */
export const isClientMadeId = (id: string): boolean => id.includes('-');
const layoutId = text({ error: messages.layoutIdInvalid })
  .max(64, { error: messages.layoutIdInvalid })
  .refine((id) => /^[0-9a-f]{24}$/.test(id) || isClientMadeId(id), { error: messages.layoutIdInvalid });

const layoutName = (required: string) =>
  text({ error: required }).trim().min(1, { error: required }).max(100, { error: messages.nameTooLong });

/** A menu placed in a display: its id, or the reference the GET answered (`{ _id, … }`). */
const layoutMenuInput = z.object({
  menu: z.union([objectId, z.object({ _id: objectId })], { error: messages.invalidInput }),
});

export const menuDisplayInputSchema = z.object({
  _id: layoutId.optional(),
  name: layoutName(messages.displayNameRequired),
  menus: z
    .array(layoutMenuInput, { error: messages.invalidInput })
    .max(LAYOUT_LIMITS.menusPerDisplay, { error: messages.layoutTooLarge })
    .default([]),
});

export const zoneInputSchema = z.object({
  _id: layoutId.optional(),
  name: layoutName(messages.zoneNameRequired),
  maps: z
    .array(menuDisplayInputSchema, { error: messages.invalidInput })
    .max(LAYOUT_LIMITS.displaysPerZone, { error: messages.layoutTooLarge })
    .default([]),
});

export const locationInputSchema = z.object({
  _id: objectId,
  /** Shown only: a location's name is its restaurant's, changed in settings. */
  name: z.unknown().optional(),
  zones: z
    .array(zoneInputSchema, { error: messages.invalidInput })
    .max(LAYOUT_LIMITS.zones, { error: messages.layoutTooLarge })
    .default([]),
});

/**
 * POST /maps: the trees of the listed locations, each replaced whole, at once (doc 2 §7); a location
 * left out keeps its tree.
 */
export const layoutInputSchema = z.object({
  locations: z.array(locationInputSchema, { error: messages.invalidInput }).max(LAYOUT_LIMITS.locations, {
    error: messages.layoutTooLarge,
  }),
});
export type LayoutInput = z.input<typeof layoutInputSchema>;
export type LayoutInputParsed = z.output<typeof layoutInputSchema>;

/** The menu reference of a display entry (doc 2 §3: name, cover). */
export const layoutMenuSchema = z.object({
  menu: z.object({
    _id: objectId,
    name: z.string(),
    cover: z.string().nullable(),
    draft: z.boolean(),
    /** Inherited from the parent restaurant: placed like the own, edited only there. */
    fromParent: z.boolean(),
  }),
});

export const menuDisplaySchema = z.object({
  _id: objectId,
  name: z.string(),
  /** `{origin}/menu/{restaurantId}/{menuDisplayId}` (doc 2 §2). */
  url: z.string(),
  menus: z.array(layoutMenuSchema),
});

export const zoneSchema = z.object({
  _id: objectId,
  name: z.string(),
  maps: z.array(menuDisplaySchema),
});

export const layoutLocationSchema = z.object({
  _id: objectId,
  name: z.string(),
  zones: z.array(zoneSchema),
  /**
   * The menus this location's displays may hold, for the editor's panel: its own (list order), then
   * those it inherits from its parent (`fromParent`). Not read back by POST.
   */
  availableMenus: z.array(layoutMenuSchema.shape.menu),
});

/**
 * GET /maps answers `message.locations` (doc 2 §7): the caller's restaurant first, then, for a
 * parent restaurant, each of its locations (decisions, "Menu displays (issue 15)").
 */
export const layoutSchema = z.object({ locations: z.array(layoutLocationSchema) });

export type LayoutMenu = z.infer<typeof layoutMenuSchema>;
export type MenuDisplay = z.infer<typeof menuDisplaySchema>;
export type Zone = z.infer<typeof zoneSchema>;
export type LayoutLocation = z.infer<typeof layoutLocationSchema>;
export type Layout = z.infer<typeof layoutSchema>;

/** A menu display's public address (doc 2 §2: `{origin}/menu/{restaurantId}/{menuDisplayId}`). */
export const menuDisplayUrl = (publicUrl: string, restaurantId: string, displayId: string): string =>
  `${publicUrl.replace(/\/+$/, '')}/menu/${restaurantId}/${displayId}`;

/** The menu ids of an input entry list, in order. */
export const layoutMenuIds = (entries: readonly { menu: string | { _id: string } }[]): string[] =>
  entries.map((entry) => (typeof entry.menu === 'string' ? entry.menu : entry.menu._id));

/** Is the menu already in the display (doc 2 §4: "Menu already exists in this map")? */
export const displayHasMenu = (display: { menus: readonly { menu: { _id: string } }[] }, menuId: string) =>
  display.menus.some((entry) => entry.menu._id === menuId);

/**
 * Who at a parent restaurant arranges its locations' displays too (decisions, "Menu displays (issue
 * 15)"): the owner (who holds every flag) and members with the `restaurant` flag, which already
 * governs the restaurant's profile and its QR design. A location's own team arranges its own.
 */
export const canArrangeLocations = (permissions: Partial<Permissions> | null | undefined): boolean =>
  permissions?.restaurant === true;

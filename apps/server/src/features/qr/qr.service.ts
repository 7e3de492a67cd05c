import { buffer } from 'node:stream/consumers';
import {
  DEFAULT_QR_TEMPLATE,
  menuDisplayUrl,
  messages,
  publicMenuUrl,
  QR_CARDS_FILE_NAME,
  type QrCardsQuery,
  type QrCodeQuery,
  type QrDesign,
  type QrDesignAnswer,
  type QrTemplateMeta,
  qrCardValues,
  qrFileName,
  qrTemplateMetaSchema,
  qrTemplates,
  resolveQrSettings,
  selectedQrTemplateSchema,
} from '@carte/domain';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Storage } from '../../adapters/storage/storage.ts';
import type { Caller } from '../../core/caller.ts';
import { InvalidError, NotFoundError } from '../../core/errors.ts';
import type { Db } from '../../db/connect.ts';
import { scopeOf } from '../../db/restaurant-scope.ts';
import { restaurants } from '../../db/schema.ts';
import type { DisplayService } from '../displays/index.ts';
import { imageUrls } from '../media/index.ts';
import { renderQrCardsPdf } from './qr-card-pdf.ts';
import { qrJpeg, qrPng, qrSvg, type Watermark } from './qr-code-image.ts';

export interface QrFile {
  body: Buffer | string;
  contentType: string;
  fileName: string;
}

/**
 * QR codes and table cards of the caller's own restaurant (doc 2 §3, §4). The restaurant comes from
 * the session, never from the request, so no request can reach another restaurant's code. Reading
 * and downloading need a signed-in member of the restaurant, whatever their flags; the design is
 * written with the profile (POST /restaurants/update, permission `restaurant`).
 */
export function createQrService(deps: {
  db: Db;
  storage: Storage;
  publicUrl: string;
  /** A display's code opens the display's address; only the restaurant's own displays (404). */
  displays: Pick<DisplayService, 'displayOf' | 'displaysOf'>;
}) {
  const { db, storage, publicUrl } = deps;

  /** A restaurant's row for its codes and cards: the caller's own, or a location it arranges. */
  async function rowOf(restaurantId: string) {
    const [row] = await db
      .select({
        id: restaurants.id,
        name: restaurants.name,
        logo: restaurants.logo,
        qrSettings: restaurants.qrSettings,
        selectedQrTemplate: restaurants.selectedQrTemplate,
        qrTemplateMeta: restaurants.qrTemplateMeta,
        updatedAt: restaurants.updatedAt,
        languages: restaurants.languages,
      })
      .from(restaurants)
      .where(eq(restaurants.id, restaurantId));
    if (!row) throw new NotFoundError();
    return row;
  }

  async function load(caller: Caller) {
    const scope = await scopeOf(db, caller);
    return rowOf(scope.restaurantId);
  }
  type Row = Awaited<ReturnType<typeof load>>;

  /** The saved design, read leniently: what cannot be read falls back to the defaults. */
  const designOf = (row: Row): QrDesign => {
    const template = selectedQrTemplateSchema.safeParse(row.selectedQrTemplate);
    const meta = qrTemplateMetaSchema.safeParse(row.qrTemplateMeta ?? {});
    return {
      qrSettings: resolveQrSettings(row.qrSettings),
      selectedQrTemplate: template.success ? template.data : DEFAULT_QR_TEMPLATE,
      templateMeta: meta.success ? (meta.data as QrTemplateMeta) : {},
    };
  };

  /** Where a code leads; `menu` (the public menu) is the only target yet. */
  const targetUrl = (row: Row, _target: 'menu') => publicMenuUrl(publicUrl, row.id);

  /**
   * The restaurant whose code is asked for and its address: a display's own (doc 2 §2) — one of a
   * parent's locations when a parent prints it, then in that location's own design — or the
   * restaurant's menu.
   */
  async function targetOf(
    caller: Caller,
    query: { target: 'menu'; mapId?: string | undefined },
  ): Promise<{ row: Row; url: string }> {
    if (query.mapId === undefined) {
      const row = await load(caller);
      return { row, url: targetUrl(row, query.target) };
    }
    const display = await deps.displays.displayOf(caller, query.mapId);
    if (!display) throw new NotFoundError(messages.displayNotFound);
    return {
      row: await rowOf(display.restaurantId),
      url: menuDisplayUrl(publicUrl, display.restaurantId, display.id),
    };
  }

  /**
   * A code's address in a language (issue 24 §6): `?lang=` added when one is asked, which must be
   * one of the restaurant's languages (400 otherwise).
   */
  const inLanguage = (row: Row, url: string, lang: string | undefined): string => {
    if (!lang) return url;
    const offered: string[] = [row.languages?.default ?? 'en', ...(row.languages?.others ?? [])];
    if (!offered.includes(lang)) throw new InvalidError(messages.qrLanguageInvalid);
    return `${url}${url.includes('?') ? '&' : '?'}lang=${encodeURIComponent(lang)}`;
  };

  /** The restaurant's logo, as PNG (what PDFKit and the watermark need), or null. */
  async function logoOf(row: Row): Promise<Buffer | null> {
    if (!row.logo) return null;
    try {
      const file = await storage.get(`${row.logo}/full.webp`);
      if (!file) return null;
      return await sharp(await buffer(file.body))
        .png()
        .toBuffer();
    } catch {
      // A missing or unreadable logo prints a card without one rather than failing the download.
      return null;
    }
  }

  async function watermarkOf(row: Row, design: QrDesign): Promise<Watermark | null> {
    if (design.qrSettings.backgroundImageAlpha <= 0) return null;
    const image = await logoOf(row);
    return image ? { image, alpha: design.qrSettings.backgroundImageAlpha } : null;
  }

  return {
    /** The four card templates (GET /restaurants/qr-templates), for a member of a restaurant. */
    async templates(caller: Caller) {
      await scopeOf(db, caller);
      return [...qrTemplates];
    },

    /** The saved design and what the QR section shows beside it. */
    async design(caller: Caller): Promise<QrDesignAnswer> {
      const row = await load(caller);
      const design = designOf(row);
      return {
        menuUrl: targetUrl(row, 'menu'),
        qrSettings: design.qrSettings,
        selectedQrTemplate: design.selectedQrTemplate,
        templateMeta: design.templateMeta as QrDesignAnswer['templateMeta'],
        logo: imageUrls(storage, row.logo)?.card ?? null,
      };
    },

    /** The bare code as png, jpeg or svg (doc 2 §9 names and sizes). */
    async code(caller: Caller, query: QrCodeQuery): Promise<QrFile> {
      const target = await targetOf(caller, query);
      const { row } = target;
      const url = inLanguage(row, target.url, query.lang);
      const design = designOf(row);
      const watermark = await watermarkOf(row, design);
      const fileName = qrFileName(query.format);
      switch (query.format) {
        case 'svg':
          return {
            body: await qrSvg(url, design.qrSettings, query.size, watermark),
            contentType: 'image/svg+xml',
            fileName,
          };
        case 'jpeg':
        case 'jpg':
          return {
            body: await qrJpeg(url, design.qrSettings, query.size, watermark),
            contentType: 'image/jpeg',
            fileName,
          };
        default:
          return {
            body: await qrPng(url, design.qrSettings, query.size, watermark),
            contentType: 'image/png',
            fileName,
          };
      }
    },

    /** The chosen template's printable cards as one PDF page. */
    async cards(caller: Caller, query: QrCardsQuery): Promise<QrFile> {
      let { row, url } = await targetOf(caller, query);
      // Print all (issue 15): a named card per display of a zone or of a whole location (a parent's
      // location in that location's design).
      let cards: { url: string; name: string }[] | undefined;
      if (query.zoneId !== undefined || query.locationId !== undefined) {
        const found = await deps.displays.displaysOf(caller, query);
        if (!found) throw new NotFoundError();
        if (found.displays.length === 0) throw new NotFoundError(messages.displayNotFound);
        if (found.restaurantId !== row.id) {
          row = await rowOf(found.restaurantId);
          url = targetUrl(row, 'menu');
        }
        cards = found.displays.map((display) => ({
          url: menuDisplayUrl(publicUrl, found.restaurantId, display.id),
          name: display.name,
        }));
      }
      const design = designOf(row);
      const lang = query.lang;
      const body = await renderQrCardsPdf({
        ...(cards ? { cards: cards.map((card) => ({ ...card, url: inLanguage(row, card.url, lang) })) } : {}),
        url: inLanguage(row, url, lang),
        settings: design.qrSettings,
        template: design.selectedQrTemplate,
        values: qrCardValues(design.selectedQrTemplate, design.templateMeta),
        logo: await logoOf(row),
        paper: query.paper,
        perPage: query.perPage,
        restaurantName: row.name,
        date: row.updatedAt,
      });
      return { body, contentType: 'application/pdf', fileName: QR_CARDS_FILE_NAME };
    },
  };
}

export type QrService = ReturnType<typeof createQrService>;

import {
  QR_CARDS_FILE_NAME,
  type QrImageFormat,
  type QrPaper,
  qrDesignSchema,
  qrFileName,
} from '@carte/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from './client.ts';
import { queryKeys } from './query-keys.ts';

/**
 * QR codes and table cards (doc 2 §3, §4; doc 3 §7.4). The design lives on the restaurant, so its
 * key sits under the restaurant's: saving the profile reloads it.
 */
export const qrKeys = {
  design: [...queryKeys.restaurant, 'qr'] as const,
};

export const qrApi = {
  /** The saved design, the menu's address and the logo a card prints. */
  design: (signal?: AbortSignal) => api.get('/restaurants/qr-settings', { schema: qrDesignSchema, signal }),
  /** The bare code as a file, with the name doc 2 §9 gives it. */
  /** With `mapId`, the code of that menu display's own address (doc 2 §2). */
  /** With `lang`, the code opens the menu in that language (issue 24 §6). */
  code: async (format: QrImageFormat, size?: number, mapId?: string, lang?: string | null) => ({
    blob: await api.downloadFile('/restaurants/qr-code', {
      query: { format, size, mapId, ...(lang ? { lang } : {}) },
    }),
    fileName: qrFileName(format),
  }),
  /** Printable table cards of the saved template, one PDF page. */
  cards: async (paper: QrPaper, perPage: 1 | 4, mapId?: string, lang?: string | null) => ({
    blob: await api.downloadFile('/restaurants/qr-cards.pdf', {
      query: { paper, perPage, mapId, ...(lang ? { lang } : {}) },
    }),
    fileName: QR_CARDS_FILE_NAME,
  }),
  /** Print all (issue 15): a named card per menu display of a zone or of the whole location. */
  displayCards: async (paper: QrPaper, perPage: 1 | 4, where: { zoneId?: string; locationId?: string }) => ({
    blob: await api.downloadFile('/restaurants/qr-cards.pdf', { query: { paper, perPage, ...where } }),
    fileName: QR_CARDS_FILE_NAME,
  }),
};

export function useQrDesign(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: qrKeys.design,
    queryFn: ({ signal }) => qrApi.design(signal),
    enabled: options.enabled ?? true,
  });
}

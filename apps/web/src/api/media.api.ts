import { mediaItemSchema, mediaPageSchema, mediaUploadResultSchema } from '@carte/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api, toFormData, type UploadProgress } from './client.ts';
import { queryKeys } from './query-keys.ts';

export const mediaKeys = {
  all: queryKeys.media,
  page: (page: number) => [...queryKeys.media, 'page', page] as const,
};

/** A crop rectangle in pixels of the item's `image` (its `width` × `height`). */
export interface MediaRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The media library under /api/restaurants (doc 2 §7, doc 3 §7.4). */
export const mediaApi = {
  list: (page: number, signal?: AbortSignal) =>
    api.get('/restaurants/media', { query: { page }, schema: mediaPageSchema, signal }),
  /**
   * One file per request (`images[0]`), so each file has its own progress bar and its own answer;
   * the server takes up to 10 at once from other clients.
   */
  upload: (file: File, onUploadProgress?: (progress: UploadProgress) => void, signal?: AbortSignal) =>
    api.upload('POST', '/restaurants/upload-media', {
      body: toFormData({}, { 'images[0]': file }),
      schema: mediaUploadResultSchema,
      onUploadProgress,
      signal,
    }),
  edit: (img: string, rect: MediaRect) =>
    api.post('/restaurants/media/edit', { body: { img, rect }, schema: mediaItemSchema }),
  remove: (fileName: string) => api.delete('/restaurants/media', { body: { fileName }, schema: z.string() }),
};

/** One page of the library; the previous page stays on screen while the next one loads. */
export function useMediaPage(page: number, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: mediaKeys.page(page),
    queryFn: ({ signal }) => mediaApi.list(page, signal),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

/** Every page may change when an item comes or goes (they are ordered newest first). */
export const reloadMedia = (queryClient: ReturnType<typeof useQueryClient>) =>
  queryClient.invalidateQueries({ queryKey: mediaKeys.all });

export function useEditMedia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: { img: string; rect: MediaRect }) => mediaApi.edit(vars.img, vars.rect),
    onSuccess: () => reloadMedia(queryClient),
  });
}

export function useDeleteMedia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fileName: string) => mediaApi.remove(fileName),
    onSuccess: () => reloadMedia(queryClient),
  });
}

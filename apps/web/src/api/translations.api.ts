import {
  type TranslationWrite,
  translationImportResultSchema,
  translationListSchema,
  translationSaveResultSchema,
  translationSummarySchema,
} from '@carte/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client.ts';

export const translationKeys = {
  all: ['translations'] as const,
  summary: ['translations', 'summary'] as const,
  of: (lang: string) => ['translations', 'list', lang] as const,
};

/** /api/translations (issue 24 §3): the restaurant's texts in one of its other languages. */
export const translationsApi = {
  summary: (signal?: AbortSignal) => api.get('/translations', { schema: translationSummarySchema, signal }),
  list: (lang: string, signal?: AbortSignal) =>
    api.get(`/translations/${encodeURIComponent(lang)}`, { schema: translationListSchema, signal }),
  save: (lang: string, input: TranslationWrite) =>
    api.put(`/translations/${encodeURIComponent(lang)}`, {
      body: input,
      schema: translationSaveResultSchema,
    }),
  exportFile: (lang: string, format: 'csv' | 'xliff') =>
    api.downloadFile(`/translations/${encodeURIComponent(lang)}/export.${format}`),
  importFile: (lang: string, file: File) => {
    const form = new FormData();
    form.append('file', file, file.name);
    return api.upload('POST', `/translations/${encodeURIComponent(lang)}/import`, {
      body: form,
      schema: translationImportResultSchema,
    });
  },
};

/** The per-language counts the dashboard shows; none when the restaurant has no other languages. */
export function useTranslationSummary(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: translationKeys.summary,
    queryFn: ({ signal }) => translationsApi.summary(signal),
    enabled: options.enabled ?? true,
  });
}

/** The screen's rows, read fresh on every visit (other screens change the sources). */
export function useTranslationList(lang: string | null) {
  return useQuery({
    queryKey: translationKeys.of(lang ?? ''),
    queryFn: ({ signal }) => translationsApi.list(lang!, signal),
    enabled: Boolean(lang),
    refetchOnMount: 'always',
  });
}

/** A save: the dashboard's counts are stale afterwards (the list itself is updated by the screen). */
export function useSaveTranslations(lang: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TranslationWrite) => translationsApi.save(lang, input),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: translationKeys.summary }),
  });
}

export function useImportTranslations(lang: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => translationsApi.importFile(lang, file),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: translationKeys.all }),
  });
}

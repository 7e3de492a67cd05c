/**
 * The font picker shows each family in its own face (issue 11): the public menu's build holds every
 * menu font, self-hosted, with a CSS file per family listed in `/public-menu/fonts.json`. The first
 * time a picker opens, each family's CSS is linked once; the browser downloads a face only when an
 * option draws text in it (same origin: the app's `font-src 'self'` allows it). Without that build
 * (the Vite dev server), the names show in the app's own font.
 */
interface FontsManifest {
  families: Record<string, { css: string }>;
}

let linking: Promise<void> | null = null;

export function linkFontPreviews(): Promise<void> {
  linking ??= fetch('/public-menu/fonts.json')
    .then(async (answer): Promise<FontsManifest> => (answer.ok ? await answer.json() : { families: {} }))
    .then(({ families }) => {
      for (const { css } of Object.values(families)) {
        const link = document.createElement('link');
        link.rel = 'stylesheet';
        link.href = `/public-menu/${css}`;
        document.head.append(link);
      }
    })
    .catch(() => undefined);
  return linking;
}

/** The CSS font stack of an option: the family, then the app's own font while it loads. */
export const previewFontFamily = (family: string) => `"${family}", var(--mantine-font-family)`;

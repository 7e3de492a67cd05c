/** The media library screen (/media-section), loaded as its own chunk (STYLE rule 14). */
export { MediaLibraryPage } from './media-library-page.tsx';

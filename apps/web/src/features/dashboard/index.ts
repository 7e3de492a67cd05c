/**
 * What other features and the shell use of the dashboard: the menu preview's open state and draft
 * (the menu form previews its unsaved values) and its toggle. The panel itself loads lazily from
 * preview-area.ts.
 */
export { useMenuPreviewDraft, usePreviewOpened } from './menu-preview-store.ts';
export { PreviewToggle, PreviewToggleInHeader } from './preview-toggle.tsx';

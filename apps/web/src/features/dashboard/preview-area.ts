/** The menu preview panel, loaded as its own chunk by the shell when the preview opens. */
export { default } from './menu-preview-panel.tsx';

/**
 * What the shell uses of help: the help pop-up for its header (doc 1 §2). The help pages load
 * lazily from help-area.ts, with their Markdown and its renderer.
 */
export { HelpMenu } from './help-menu.tsx';

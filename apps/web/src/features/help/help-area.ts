/** The help pages (/help, /help/{topic}) and their signed-out frame, loaded as their own chunk. */
export { HelpPage } from './help-page.tsx';
export { PublicHelpLayout } from './public-help-layout.tsx';

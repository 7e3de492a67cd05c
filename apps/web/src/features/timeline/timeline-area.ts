/** The timeline screen (/timeline), loaded as its own chunk (STYLE rule 14). */
export { TimelinePage } from './timeline-page.tsx';

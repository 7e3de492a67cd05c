/** The team screen (/members), loaded as its own chunk (STYLE rule 14). */
export { MembersPage } from './members-page.tsx';

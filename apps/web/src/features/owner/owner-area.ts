/** The owner area (role RESTAURANT, MEMBER, DMA_CLIENT), loaded as one chunk (STYLE rule 14). */
export { OwnerHomePage } from './owner-home-page.tsx';

/**
 * The menu displays feature's public entry: the QR codes ask whether a display is the restaurant's
 * (its address is the display's own).
 */
export type { DisplayService } from './display.service.ts';

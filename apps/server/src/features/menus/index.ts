/**
 * The menus feature's public entry: what other features may use of it (decisions, "The house").
 * The public menu draws a menu's look from the same presenter as the owner's screens.
 */
export { presentMenuLook } from './menu.presenter.ts';

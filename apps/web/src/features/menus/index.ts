/**
 * The menus feature's public entry: the "Subscribe required" dialog, shared with quick edit, and the
 * Clone action of a menu, shared with the dashboard's menu switcher.
 */
export { openSubscribeRequired } from './subscribe-required.tsx';
export { useCloneMenuAction } from './use-clone-menu-action.ts';

/**
 * The menus feature's public entry: the "Subscribe required" dialog and the check before publishing
 * (issue 23 §5), shared with quick edit, and the Clone action of a menu, shared with the dashboard's
 * menu switcher.
 */

export { checkBeforePublishing, openPublishCheck } from './publish-check.tsx';
export { openSubscribeRequired } from './subscribe-required.tsx';
export { useCloneMenuAction } from './use-clone-menu-action.ts';

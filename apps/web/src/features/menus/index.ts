/**
 * The menus feature's public entry: the "Subscribe required" dialog and the check before publishing
 * (issue 23 §5), shared with quick edit.
 */

export { checkBeforePublishing, openPublishCheck } from './publish-check.tsx';
export { openSubscribeRequired } from './subscribe-required.tsx';

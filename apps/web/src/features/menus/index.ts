/** The menus feature's public entry: the "Subscribe required" dialog, shared with quick edit. */
export { openSubscribeRequired } from './subscribe-required.tsx';

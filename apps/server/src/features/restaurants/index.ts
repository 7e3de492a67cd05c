/**
 * The restaurants feature's public entry: how the restaurant's profile leaves the server, for the
 * features that show parts of it (the public menu: social links and the call-to-action button).
 */
export { presentCta, presentSocial } from './restaurant.presenter.ts';

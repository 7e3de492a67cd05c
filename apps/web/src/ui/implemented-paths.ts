/**
 * Screens that exist in this build. Navigation shows only entries (and children) whose path is here,
 * so nobody is sent to a screen that is not written yet; each later feature adds its paths.
 */
export const implementedPaths: ReadonlySet<string> = new Set([
  '/',
  '/update-account',
  '/create-menu',
  '/create-category',
  '/update-category/:id',
  '/create-dish',
  '/update-dish/:id',
  '/create-ingredient',
  '/customizations',
  '/filters',
  '/timeline',
  '/settings',
  '/menu-interaction-tracking',
  '/media-section',
  '/subscribe',
  '/admin/dashboard',
  '/admin/update-profile',
  '/dma/dashboard',
  '/dma/update-account',
  '/login',
  '/register',
  '/help',
  '/help/:topic',
]);

export const isImplemented = (path: string) => implementedPaths.has(path);

/**
 * The public-menu port (DESIGN.md): a service that changed what a diner can see tells the public
 * menu so, after its transaction committed, naming the restaurant whose data changed. Nothing infers
 * it from URLs or callers, so a change made for another restaurant (an admin's, a reseller's, a job's)
 * is seen as promptly as the owner's own. Implemented by the public-menu service.
 */
export interface PublicMenuChanges {
  /** The restaurant's public data changed: it and its locations (which show its menus) are read again. */
  changed(restaurantId: string): void;
}

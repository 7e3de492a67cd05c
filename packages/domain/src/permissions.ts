import { isAdminRole, type Role } from './roles.ts';

/** Permission flags per user, keyed by area (doc 1 §3, doc 2 §3). */
export const permissionKeys = ['restaurant', 'menu', 'category', 'dish', 'ingredient', 'member'] as const;
export type PermissionKey = (typeof permissionKeys)[number];
export type Permissions = Record<PermissionKey, boolean>;

/** Pseudo-permissions derived from the role, usable in route and navigation rules (doc 3 §6). */
export type RoleFlag = 'admin' | 'superAdmin' | 'dma' | 'dma_client';
export type Requirement = PermissionKey | RoleFlag;
export type Connector = 'and' | 'or';

export const allPermissions = (): Permissions => ({
  restaurant: true,
  menu: true,
  category: true,
  dish: true,
  ingredient: true,
  member: true,
});

export const noPermissions = (): Permissions => ({
  restaurant: false,
  menu: false,
  category: false,
  dish: false,
  ingredient: false,
  member: false,
});

/** The permissions a user effectively holds: owners and clients hold every flag, members their own. */
export function effectivePermissions(
  role: Role,
  stored: Partial<Permissions> | null | undefined,
): Permissions {
  if (role === 'RESTAURANT' || role === 'DMA_CLIENT') return allPermissions();
  if (role === 'MEMBER') return { ...noPermissions(), ...(stored ?? {}) };
  return noPermissions();
}

/** Everything a user holds, as the flat list that requirement checks read. */
export function grantedList(role: Role, permissions: Partial<Permissions> | null | undefined): Requirement[] {
  const granted: Requirement[] = permissionKeys.filter((key) => permissions?.[key] === true);
  if (isAdminRole(role)) granted.push('admin');
  if (role === 'SUPER_ADMIN') granted.push('superAdmin');
  if (role === 'DMA') granted.push('dma');
  if (role === 'DMA_CLIENT') granted.push('dma_client');
  return granted;
}

/**
 * The permission check of doc 1 §5: required areas combined with `and` (all) or `or` (any).
 * With no list, or no permissions, the result is false.
 */
export function checkPermissions(
  granted: readonly Requirement[] | null | undefined,
  required: readonly Requirement[] | null | undefined,
  connector: Connector = 'and',
): boolean {
  if (!required || required.length === 0 || !granted || granted.length === 0) return false;
  const has = (key: Requirement) => granted.includes(key);
  return connector === 'or' ? required.some(has) : required.every(has);
}

/** A rule as written in route and navigation tables. */
export interface AccessRule {
  except?: readonly Requirement[];
  connector?: Connector;
  roles?: readonly Role[];
}

/** Does a signed-in user satisfy a rule? A rule without `except` needs only sign-in. */
export function satisfies(
  role: Role,
  permissions: Partial<Permissions> | null | undefined,
  rule?: AccessRule,
): boolean {
  if (!rule) return true;
  if (rule.roles && !rule.roles.includes(role)) return false;
  if (!rule.except) return true;
  return checkPermissions(
    grantedList(role, effectivePermissions(role, permissions)),
    rule.except,
    rule.connector,
  );
}

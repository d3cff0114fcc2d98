/**
 * Who in a shop's team may do what (DESIGN §12). The API enforces it on every shop operation and the
 * shop area hides what a role cannot do, both from this one table.
 */
export const CABINET_ROLES = ['owner', 'admin', 'manager', 'developer', 'accountant'] as const;
export type CabinetRole = (typeof CABINET_ROLES)[number];

export const ROLE_LABELS: Record<CabinetRole, string> = {
  owner: 'Владелец',
  admin: 'Администратор',
  manager: 'Менеджер',
  developer: 'Разработчик',
  accountant: 'Бухгалтер',
};

export const PERMISSIONS = [
  /** Read orders, their history, statistics and the live feed. */
  'orders.read',
  /** Create and change orders, cancel them, make refunds. */
  'orders.write',
  /** Export orders, read payouts. */
  'orders.export',
  /** See and rotate API keys. */
  'keys.manage',
  /** Webhook URL, widget sites, webhook deliveries and their resending. */
  'integration.manage',
  /** Invite, remove and change the role of members. */
  'team.manage',
  /** Read the shop's audit log. */
  'audit.read',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const ALL: readonly Permission[] = PERMISSIONS;

const GRANTS: Record<CabinetRole, readonly Permission[]> = {
  owner: ALL,
  // Everything but owners: the team rules (canManageMember) keep an admin off owners.
  admin: ALL,
  manager: ['orders.read', 'orders.write'],
  developer: ['orders.read', 'keys.manage', 'integration.manage'],
  accountant: ['orders.read', 'orders.export'],
};

export function can(role: CabinetRole, permission: Permission): boolean {
  return GRANTS[role].includes(permission);
}

/**
 * Whether `actor` may give `target` a role, remove a member of `current` role or invite one: only an
 * owner touches owners; an admin manages every other role.
 */
export function canManageRole(actor: CabinetRole, role: CabinetRole): boolean {
  if (!can(actor, 'team.manage')) return false;
  return role !== 'owner' || actor === 'owner';
}

export function isCabinetRole(value: unknown): value is CabinetRole {
  return typeof value === 'string' && (CABINET_ROLES as readonly string[]).includes(value);
}

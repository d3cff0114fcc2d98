/**
 * Who of B2BPay's own staff may do what in the back office (DESIGN §14). The API enforces it on every
 * /api/admin/v1 endpoint and the back office hides what a role cannot do, both from this one table.
 */
export const STAFF_ROLES = ['admin', 'sales', 'risk', 'support'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  admin: 'Администратор',
  sales: 'Продажи',
  risk: 'Риски',
  support: 'Поддержка',
};

export const STAFF_PERMISSIONS = [
  /** The landing's enquiries: read them, take them, move them on. */
  'leads.manage',
  /** Create a shop and invite its owner. */
  'shops.create',
  /** Read shops, their figures, members and orders (support: the buyer's data masked). */
  'shops.read',
  /** Suspend and resume a shop. */
  'shops.suspend',
  /** The banks' applications, decision times and SLA breaches. */
  'applications.read',
  /** The banks: deliveries' health; enable and disable. */
  'banks.manage',
  /** The staff audit log. */
  'audit.read',
] as const;
export type StaffPermission = (typeof STAFF_PERMISSIONS)[number];

const STAFF_GRANTS: Record<StaffRole, readonly StaffPermission[]> = {
  admin: STAFF_PERMISSIONS,
  sales: ['leads.manage', 'shops.create'],
  risk: ['shops.read', 'shops.suspend', 'applications.read', 'banks.manage'],
  support: ['shops.read'],
};

export function staffCan(role: StaffRole, permission: StaffPermission): boolean {
  return STAFF_GRANTS[role].includes(permission);
}

/** Support reads orders with the buyer's phone, e-mail and name masked; every other reader sees them. */
export const staffSeesPersonalData = (role: StaffRole) => role !== 'support';

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);
}

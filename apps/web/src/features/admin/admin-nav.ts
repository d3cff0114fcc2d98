import { type StaffPermission, type StaffRole, staffCan } from '@b2bpay/domain';

export interface AdminSection {
  to: string;
  label: string;
  permission: StaffPermission;
}

/** The back office's sections, each behind the permission its API asks for (staff-roles.ts). */
export const ADMIN_SECTIONS: readonly AdminSection[] = [
  { to: '/admin/leads', label: 'Лиды', permission: 'leads.manage' },
  { to: '/admin/shops', label: 'Магазины', permission: 'shops.read' },
  { to: '/admin/applications', label: 'Заявки', permission: 'applications.read' },
  { to: '/admin/banks', label: 'Банки', permission: 'banks.manage' },
  { to: '/admin/audit', label: 'Журнал', permission: 'audit.read' },
];

/**
 * The sections a role sees. «Магазины» is also there for a role that may only create shops (sales):
 * the page then has the creation form and no search.
 */
export function sectionsFor(role: StaffRole): AdminSection[] {
  return ADMIN_SECTIONS.filter(
    (section) =>
      staffCan(role, section.permission) ||
      (section.permission === 'shops.read' && staffCan(role, 'shops.create')),
  );
}

import { describe, expect, it } from 'vitest';
import { can, canManageRole } from './cabinet-roles';

describe('cabinet roles', () => {
  it('grants each role only its job', () => {
    expect(can('owner', 'team.manage')).toBe(true);
    expect(can('manager', 'orders.write')).toBe(true);
    expect(can('manager', 'keys.manage')).toBe(false);
    expect(can('developer', 'integration.manage')).toBe(true);
    expect(can('developer', 'orders.write')).toBe(false);
    expect(can('accountant', 'orders.export')).toBe(true);
    expect(can('accountant', 'audit.read')).toBe(false);
  });

  it('keeps admins off owners', () => {
    expect(canManageRole('admin', 'manager')).toBe(true);
    expect(canManageRole('admin', 'owner')).toBe(false);
    expect(canManageRole('owner', 'owner')).toBe(true);
    expect(canManageRole('developer', 'accountant')).toBe(false);
  });
});

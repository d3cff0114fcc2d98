import type { Lead, ShopCard, StaffRole } from '@b2bpay/domain';
import type { ReactElement } from 'react';
import { type RenderRouteOptions, renderRoute } from '../../../test/render';
import { setStaffCsrfToken } from '../staff-credentials';
import { StaffContext } from '../staff-session';

/** Test data and a renderer for the back office's component tests. */
export const STAFF_CSRF = 'csrf-staff';
export const SHOP_ID = '6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b';
export const ORDER_ID = '0b5d2a36-6a3c-4d63-9a55-3b1f0c2f7e11';

export function staffUser(role: StaffRole, email = `${role}@b2bpay.ru`) {
  return { id: `u-${role}`, email, role };
}

export function staffSession(role: StaffRole) {
  return { user: staffUser(role), csrf_token: STAFF_CSRF };
}

/** A page inside the back office's layout, for a logged-in staff user of `role`. */
export function renderAsStaff(role: StaffRole, element: ReactElement, options: RenderRouteOptions) {
  setStaffCsrfToken(STAFF_CSRF);
  return renderRoute(
    <StaffContext.Provider value={staffUser(role)}>{element}</StaffContext.Provider>,
    options,
  );
}

export function makeLead(overrides: Partial<Lead> = {}): Lead {
  return {
    id: 7,
    name: 'Анна',
    phone: '+79161234567',
    status: 'new',
    owner: null,
    notes: [],
    shop_id: null,
    created_at: '2026-11-26T09:05:00Z',
    updated_at: '2026-11-26T09:05:00Z',
    ...overrides,
  };
}

export function makeShopCard(overrides: Partial<ShopCard> = {}): ShopCard {
  return {
    id: SHOP_ID,
    name: 'ООО «Ромашка»',
    email: 'owner@romashka.ru',
    inn: '7707083893',
    suspended: false,
    created_at: '2026-10-01T10:00:00Z',
    suspension: null,
    figures: { orders_30d: 12, amount_30d: 105060.5, submitted_30d: 8, approved_30d: 6, approval_rate: 0.75 },
    webhooks: { failing: false, last_delivered_at: '2026-11-26T12:00:00Z', pending: 0 },
    members: [{ email: 'owner@romashka.ru', role: 'owner' }],
    keys: [
      {
        kind: 'secret',
        hint: 'sk_live_…9f3c',
        livemode: true,
        created_at: '2026-10-01T10:00:00Z',
        last_used_at: '2026-11-20T09:30:00Z',
      },
    ],
    recent_orders: [
      {
        id: ORDER_ID,
        order_number: '1042',
        status: 'client_expected',
        amount: 4505,
        created_at: '2026-11-26T08:00:00Z',
      },
    ],
    ...overrides,
  };
}

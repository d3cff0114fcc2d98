import { AccountEmail, isStaffRole, STAFF_ROLES } from '@b2bpay/domain';
import type { Config } from './config';
import type { Database } from './db/database';
import { createStaff } from './modules/backoffice';
import { type Clock, systemClock } from './shared/clock';

export const STAFF_USAGE = `  npm run cli -- staff create --email … --role ${STAFF_ROLES.join('|')}`;

/**
 * B2BPay's staff (DESIGN §14): prints `{staff, set_password_link, expires_at}`; the one-time link (24 h)
 * is handed to the person, who sets a password at /admin/set-password. For someone who exists, a new link.
 */
export async function runStaffCommand(
  deps: { db: Database; config: Config; clock?: Clock },
  o: { email?: string | undefined; role?: string | undefined },
  fail: (message: string) => never,
) {
  const email = AccountEmail.safeParse(o.email ?? '');
  if (!email.success) fail(`--email: укажите e-mail сотрудника\n${STAFF_USAGE}`);
  if (!isStaffRole(o.role)) fail(`--role: одна из ${STAFF_ROLES.join(', ')}\n${STAFF_USAGE}`);
  const role = o.role as (typeof STAFF_ROLES)[number];
  return createStaff(deps, { email: email.data ?? '', role }, (deps.clock ?? systemClock).now());
}

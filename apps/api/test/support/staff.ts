import type { StaffRole } from '@b2bpay/domain';
import { createStaff } from '../../src/modules/backoffice';
import { PASSWORD } from './cabinet';
import type { TestApp } from './test-app';

/** A staff session as the browser holds it: the cookie and the CSRF token, and headers for a call. */
export interface StaffLoginSession {
  email: string;
  csrf: string;
  headers(unsafe?: boolean): Record<string, string>;
}

let n = 0;

/** A staff member made as the CLI makes one, who sets the password through the link: their session. */
export async function staffSession(t: TestApp, role: StaffRole, email = `${role}${++n}@b2bpay.ru`) {
  const made = await createStaff(t, { email, role }, t.clock.now());
  const token = new URL(made.set_password_link).searchParams.get('token');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/v1/password',
    payload: { token, password: PASSWORD },
  });
  if (res.statusCode !== 200) throw new Error(`set password ${res.statusCode}: ${res.body}`);
  return staffSessionOf(res, email);
}

export function staffSessionOf(
  res: { cookies: { name: string; value: string }[]; json(): unknown },
  email: string,
): StaffLoginSession {
  const cookie = res.cookies.find((c) => c.name === 'b2bpay_staff_session');
  if (!cookie) throw new Error('no staff session cookie');
  const csrf = (res.json() as { csrf_token: string }).csrf_token;
  return {
    email,
    csrf,
    headers: (unsafe = true) => ({
      cookie: `b2bpay_staff_session=${cookie.value}`,
      ...(unsafe ? { 'x-csrf-token': csrf } : {}),
    }),
  };
}

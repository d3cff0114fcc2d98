import { expect, it } from 'vitest';
import { runStaffCommand } from '../src/cli-staff';
import { describeApi } from './support/describe-api';

class Refused extends Error {}
const fail = (message: string): never => {
  throw new Refused(message);
};

/** npm run cli -- staff create: a one-time link to set the password, and refusals that store nothing. */
describeApi('the staff CLI', (t) => {
  const run = (o: { email?: string; role?: string }) =>
    runStaffCommand({ db: t.db, config: t.config, clock: t.clock }, o, fail);

  it('prints a 24-hour set-password link, and a new one for the same person', async () => {
    const first = await run({ email: 'Risk@B2BPay.ru', role: 'risk' });
    expect(first.staff).toMatchObject({ email: 'risk@b2bpay.ru', role: 'risk' });
    expect(first.set_password_link).toMatch(/\/admin\/set-password\?token=[A-Za-z0-9]{43}$/);
    expect(Date.parse(first.expires_at) - t.clock.now().getTime()).toBe(24 * 3_600_000);
    const second = await run({ email: 'risk@b2bpay.ru', role: 'risk' });
    expect(second.staff.id).toBe(first.staff.id);
    expect(second.set_password_link).not.toBe(first.set_password_link);
  });

  it('refuses a bad e-mail, an unknown role and a second role for one person', async () => {
    await expect(run({ email: 'not-an-email', role: 'admin' })).rejects.toThrow('--email');
    await expect(run({ email: 'x@b2bpay.ru', role: 'boss' })).rejects.toThrow('--role');
    await run({ email: 'sales1@b2bpay.ru', role: 'sales' });
    await expect(run({ email: 'sales1@b2bpay.ru', role: 'admin' })).rejects.toThrow('уже есть');
    const rows = await t.db.query("SELECT id FROM staff_users WHERE email = 'x@b2bpay.ru'");
    expect(rows).toEqual([]);
  });
});

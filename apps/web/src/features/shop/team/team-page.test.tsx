import type { CabinetRole } from '@b2bpay/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { setSessionCredentials } from '../../../shared/api/session-credentials';
import { keyAccess, ShopAccessContext, sessionAccess } from '../../../shared/auth/shop-access';
import { json, type MockCall, mockFetch, renderRoute } from '../../../test/render';
import TeamPage from './team-page';

const SHOP = 's1';
const USER = { id: 'u1', email: 'anna@example.ru', name: 'Анна' };
const TEAM = {
  members: [
    {
      user_id: 'u1',
      email: 'anna@example.ru',
      name: 'Анна',
      role: 'owner',
      joined_at: '2026-11-01T10:00:00Z',
    },
    {
      user_id: 'u2',
      email: 'boris@example.ru',
      name: 'Борис',
      role: 'manager',
      joined_at: '2026-11-02T10:00:00Z',
    },
  ],
  invitations: [
    {
      id: 'inv-1',
      email: 'vera@example.ru',
      role: 'developer',
      created_at: '2026-11-20T10:00:00Z',
      expires_at: '2026-11-30T10:00:00Z',
    },
  ],
};
const AUDIT = {
  items: [
    {
      id: 'a2',
      actor: { type: 'key', key_last4: '9f3c' },
      action: 'order.cancelled',
      details: { order_number: '1001' },
      ip: '10.0.0.9',
      created_at: '2026-11-26T12:00:00Z',
    },
    {
      id: 'a1',
      actor: { type: 'user', email: 'anna@example.ru' },
      action: 'member.invited',
      details: { email: 'vera@example.ru' },
      ip: '10.0.0.1',
      created_at: '2026-11-20T10:00:00Z',
    },
  ],
  has_more: false,
};

afterEach(() => setSessionCredentials(null));

function openTeam(role: CabinetRole | 'key', answer?: (call: MockCall) => Response | undefined) {
  setSessionCredentials({ csrfToken: 'csrf-t', shopId: SHOP });
  const calls = mockFetch((call) => {
    const given = answer?.(call);
    if (given) return given;
    if (call.url.endsWith('/members')) return json(TEAM);
    if (call.url.includes('/audit')) return json(AUDIT);
    if (call.method === 'POST' && call.url.endsWith('/invitations')) return json({}, 201);
    if (call.url.endsWith('/resend')) return json({}, 202);
    if (call.method === 'DELETE') return new Response(null, { status: 204 });
    return json({}, 200);
  });
  const access = role === 'key' ? keyAccess('sk_x', true) : sessionAccess(role, USER);
  renderRoute(
    <ShopAccessContext.Provider value={access}>
      <TeamPage />
    </ShopAccessContext.Provider>,
    { path: '/shops/:shopId/team', url: `/shops/${SHOP}/team` },
  );
  return calls;
}

describe('«Команда»', () => {
  it('an owner sees the members with their roles, the invitations, the invite form and the audit log', async () => {
    openTeam('owner');
    const boris = await screen.findByTestId('member-boris@example.ru');
    expect(within(boris).getByLabelText('Роль: boris@example.ru')).toHaveValue('manager');
    expect(within(boris).getByRole('button', { name: 'Удалить' })).toBeInTheDocument();
    const vera = screen.getByTestId('invitation-vera@example.ru');
    expect(vera).toHaveTextContent('Разработчик');
    expect(within(vera).getByRole('button', { name: /Отправить приглашение ещё раз/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Пригласить' })).toBeInTheDocument();
    expect(await screen.findByText('Заказ отменён')).toBeInTheDocument();
    expect(screen.getByText(/Ключ API …9f3c · 10\.0\.0\.9/)).toBeInTheDocument();
    expect(screen.getByText('Приглашение в команду')).toBeInTheDocument();
  });

  it('invites by e-mail with a role, after checking the address, with the CSRF token', async () => {
    const calls = openTeam('owner');
    await screen.findByTestId('member-boris@example.ru');
    await userEvent.click(screen.getByRole('button', { name: 'Пригласить' }));
    expect(screen.getByText('Укажите e-mail')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('E-mail сотрудника'), 'Gleb@Example.ru');
    await userEvent.selectOptions(screen.getByLabelText('Роль'), 'accountant');
    await userEvent.click(screen.getByRole('button', { name: 'Пригласить' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const invite = calls.find((c) => c.method === 'POST');
    expect(invite).toMatchObject({
      url: `/api/cabinet/shops/${SHOP}/invitations`,
      body: { email: 'gleb@example.ru', role: 'accountant' },
    });
    expect(invite?.headers['x-csrf-token']).toBe('csrf-t');
    expect(await screen.findByText('Приглашение отправлено на gleb@example.ru')).toBeInTheDocument();
  });

  it('changes a role, resends and revokes an invitation', async () => {
    const calls = openTeam('owner');
    const boris = await screen.findByTestId('member-boris@example.ru');
    await userEvent.selectOptions(within(boris).getByLabelText('Роль: boris@example.ru'), 'admin');
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(calls.find((c) => c.method === 'PATCH')).toMatchObject({
      url: `/api/cabinet/shops/${SHOP}/members/u2`,
      body: { role: 'admin' },
    });
    await userEvent.click(screen.getByRole('button', { name: /Отправить приглашение ещё раз/ }));
    await userEvent.click(screen.getByRole('button', { name: /Отозвать приглашение/ }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    expect(calls.find((c) => c.url.endsWith('/resend'))?.method).toBe('POST');
    expect(calls.find((c) => c.method === 'DELETE')?.url).toBe(
      `/api/cabinet/shops/${SHOP}/invitations/inv-1`,
    );
  });

  it('the last owner: the server’s 409 is shown by the member', async () => {
    openTeam('owner', (call) =>
      call.method === 'PATCH'
        ? json({ error: { code: 'CONFLICT', message: 'Нельзя лишить магазин последнего владельца' } }, 409)
        : undefined,
    );
    const anna = await screen.findByTestId('member-anna@example.ru');
    await userEvent.selectOptions(within(anna).getByLabelText('Роль: anna@example.ru'), 'admin');
    expect(await within(anna).findByRole('alert')).toHaveTextContent(
      'Нельзя лишить магазин последнего владельца',
    );
  });

  it('an admin manages everyone but the owners, and cannot make an owner', async () => {
    openTeam('admin');
    const anna = await screen.findByTestId('member-anna@example.ru');
    expect(within(anna).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(anna).queryByRole('button', { name: 'Удалить' })).not.toBeInTheDocument();
    expect(anna).toHaveTextContent('Владелец');
    const options = within(screen.getByTestId('member-boris@example.ru')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).not.toContain('Владелец');
  });

  it('a manager sees the team but can change nothing, and no audit log is asked for', async () => {
    const calls = openTeam('manager');
    const boris = await screen.findByTestId('member-boris@example.ru');
    expect(within(boris).queryByRole('combobox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Пригласить' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Отозвать/ })).not.toBeInTheDocument();
    expect(screen.queryByText('Журнал действий')).not.toBeInTheDocument();
    expect(calls.some((c) => c.url.includes('/audit'))).toBe(false);
  });

  it('a refused team (403) says «Недостаточно прав»', async () => {
    openTeam('developer', (call) =>
      call.url.endsWith('/members')
        ? json({ error: { code: 'FORBIDDEN', message: 'Недостаточно прав' } }, 403)
        : undefined,
    );
    expect(await screen.findByText('Недостаточно прав')).toBeInTheDocument();
  });

  it('on a key there is no team to show: a link to log in instead, and nothing asked', async () => {
    const calls = openTeam('key');
    expect(await screen.findByText('Команда видна после входа в личный кабинет.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'войдите по e-mail и паролю' })).toHaveAttribute(
      'href',
      `/cabinet/login?next=${encodeURIComponent(`/shops/${SHOP}/team`)}`,
    );
    expect(calls).toHaveLength(0);
  });
});

import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { setSessionCredentials } from '../../shared/api/session-credentials';
import { json, mockFetch, renderRoute } from '../../test/render';
import InvitePage from './invite-page';

afterEach(() => setSessionCredentials(null));

const preview = (accountExists: boolean) => ({
  email: 'boris@example.ru',
  shop: { id: 's1', name: 'Ромашка' },
  role: 'accountant',
  account_exists: accountExists,
});
const ME = {
  user: { id: 'u2', email: 'boris@example.ru', name: 'Борис' },
  shops: [{ id: 's1', name: 'Ромашка', role: 'accountant' }],
  csrf_token: 'c',
};

describe('/cabinet/invite', () => {
  it('a new address gives a name and a password, then the shop opens', async () => {
    const calls = mockFetch((call) => (call.url.endsWith('/preview') ? json(preview(false)) : json(ME)));
    renderRoute(<InvitePage />, { path: '/cabinet/invite', url: '/cabinet/invite?token=inv-1' });
    expect(await screen.findByText(/Вас пригласили/)).toHaveTextContent(
      'Вас пригласили в команду магазина «Ромашка» с ролью «Бухгалтер». Приглашение для boris@example.ru.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Принять приглашение' }));
    expect(screen.getByText('Укажите имя')).toBeInTheDocument();
    expect(screen.getByText('Введите пароль')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Ваше имя'), 'Борис');
    await userEvent.type(screen.getByLabelText('Пароль'), 'boris-password-1');
    await userEvent.click(screen.getByRole('button', { name: 'Принять приглашение' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/shops/s1');
    expect(calls.at(-1)).toMatchObject({
      url: '/api/cabinet/invitations/accept',
      body: { token: 'inv-1', name: 'Борис', password: 'boris-password-1' },
    });
  });

  it('logged in as the invited address: accepted on the session, with its CSRF token and no password', async () => {
    const calls = mockFetch((call) => (call.url.endsWith('/preview') ? json(preview(true)) : json(ME)));
    renderRoute(<InvitePage />, { path: '/cabinet/invite', url: '/cabinet/invite?token=inv-4' });
    expect(await screen.findByText(/Вы уже вошли с этим адресом/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Пароль')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Принять приглашение' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/shops/s1');
    const accepted = calls.find((c) => c.url === '/api/cabinet/invitations/accept');
    expect(accepted?.body).toEqual({ token: 'inv-4' });
    expect(accepted?.headers['x-csrf-token']).toBe('c');
  });

  it('an existing account gives only its password', async () => {
    const calls = mockFetch((call) => {
      if (call.url.endsWith('/preview')) return json(preview(true));
      if (call.url === '/api/cabinet/me')
        return json({ error: { code: 'UNAUTHORIZED', message: 'Войдите' } }, 401);
      return json(ME);
    });
    renderRoute(<InvitePage />, { path: '/cabinet/invite', url: '/cabinet/invite?token=inv-2' });
    expect(await screen.findByText(/У вас уже есть учётная запись/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Ваше имя')).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Пароль'), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Принять приглашение' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/shops/s1');
    expect(calls.at(-1)?.body).toEqual({ token: 'inv-2', password: 'short' });
  });

  it('an expired invitation says so', async () => {
    mockFetch(() => json({ error: { code: 'GONE', message: 'Приглашение устарело' } }, 410));
    renderRoute(<InvitePage />, { path: '/cabinet/invite', url: '/cabinet/invite?token=old' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Приглашение устарело');
    expect(screen.queryByRole('button', { name: 'Принять приглашение' })).not.toBeInTheDocument();
  });

  it('a wrong password for an existing account shows the server’s words', async () => {
    mockFetch((call) =>
      call.url.endsWith('/preview')
        ? json(preview(true))
        : json({ error: { code: 'UNAUTHORIZED', message: 'Неверный e-mail или пароль' } }, 401),
    );
    // (me answers 401 too: nobody is logged in.)
    renderRoute(<InvitePage />, { path: '/cabinet/invite', url: '/cabinet/invite?token=inv-3' });
    await userEvent.type(await screen.findByLabelText('Пароль'), 'wrong-password');
    await userEvent.click(screen.getByRole('button', { name: 'Принять приглашение' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Неверный e-mail или пароль');
  });
});

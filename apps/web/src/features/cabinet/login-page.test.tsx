import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { getSessionCredentials, setSessionCredentials } from '../../shared/api/session-credentials';
import { json, mockFetch, renderRoute } from '../../test/render';
import LoginPage from './login-page';

const ME = {
  user: { id: 'u1', email: 'anna@example.ru', name: 'Анна' },
  shops: [{ id: 's1', name: 'Ромашка', role: 'owner' }],
  csrf_token: 'csrf-1',
};

afterEach(() => setSessionCredentials(null));

async function fill(email: string, password: string) {
  if (email) await userEvent.type(screen.getByLabelText('E-mail'), email);
  if (password) await userEvent.type(screen.getByLabelText('Пароль'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Войти' }));
}

describe('/cabinet/login', () => {
  it('checks the fields before asking the server', async () => {
    const calls = mockFetch(() => json(ME));
    renderRoute(<LoginPage />, { path: '/cabinet/login', url: '/cabinet/login' });
    await fill('', '');
    expect(screen.getByText('Укажите e-mail')).toBeInTheDocument();
    expect(screen.getByText('Введите пароль')).toBeInTheDocument();
    await fill('anna@', 'x');
    expect(screen.getByText('Неверный формат email')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('shows the server’s one text for a wrong pair', async () => {
    mockFetch(() =>
      json({ error: { code: 'INVALID_CREDENTIALS', message: 'Неверный e-mail или пароль' } }, 401),
    );
    renderRoute(<LoginPage />, { path: '/cabinet/login', url: '/cabinet/login' });
    await fill('anna@example.ru', 'wrong-password');
    expect(await screen.findByRole('alert')).toHaveTextContent('Неверный e-mail или пароль');
  });

  it('says when to try again after too many attempts', async () => {
    mockFetch(
      () =>
        new Response(
          JSON.stringify({ error: { code: 'RATE_LIMITED', message: 'Слишком много попыток входа.' } }),
          {
            status: 429,
            headers: { 'Retry-After': '120' },
          },
        ),
    );
    renderRoute(<LoginPage />, { path: '/cabinet/login', url: '/cabinet/login' });
    await fill('anna@example.ru', 'password-123');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Слишком много попыток входа. Попробуйте через 2 мин.',
    );
  });

  it('logs in and goes back where the user came from, keeping the session’s CSRF token', async () => {
    const calls = mockFetch(() => json(ME));
    renderRoute(<LoginPage />, { path: '/cabinet/login', url: '/cabinet/login?next=%2Fshops%2Fs1%2Fteam' });
    await fill(' Anna@Example.ru ', 'password-123');
    expect(await screen.findByTestId('location')).toHaveTextContent('/shops/s1/team');
    expect(calls[0]).toMatchObject({
      url: '/api/cabinet/login',
      method: 'POST',
      body: { email: 'anna@example.ru', password: 'password-123' },
    });
    expect(getSessionCredentials()?.csrfToken).toBe('csrf-1');
  });

  it('never follows a `next` to another site', async () => {
    mockFetch(() => json(ME));
    renderRoute(<LoginPage />, { path: '/cabinet/login', url: '/cabinet/login?next=%2F%2Fevil.example' });
    await fill('anna@example.ru', 'password-123');
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/cabinet$/);
  });
});

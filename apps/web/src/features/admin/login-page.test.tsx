import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { json, mockFetch, renderRoute } from '../../test/render';
import StaffLoginPage from './login-page';
import SetPasswordPage from './set-password-page';
import { getStaffCsrfToken, setStaffCsrfToken } from './staff-credentials';
import { staffSession } from './testing/staff-fixtures';

afterEach(() => setStaffCsrfToken(null));

async function fill(email: string, password: string) {
  if (email) await userEvent.type(screen.getByLabelText('E-mail'), email);
  if (password) await userEvent.type(screen.getByLabelText('Пароль'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Войти' }));
}

describe('/admin/login', () => {
  it('checks the fields before asking the server', async () => {
    const calls = mockFetch(() => json(staffSession('sales')));
    renderRoute(<StaffLoginPage />, { path: '/admin/login', url: '/admin/login' });
    await fill('', '');
    expect(screen.getByText('Укажите e-mail')).toBeInTheDocument();
    expect(screen.getByText('Введите пароль')).toBeInTheDocument();
    await fill('anna@', 'x');
    expect(screen.getByText('Неверный формат email')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('shows the server’s one text for a wrong pair, and when to try again after too many', async () => {
    let attempt = 0;
    mockFetch(() => {
      attempt += 1;
      if (attempt === 1) {
        return json(
          {
            detail: 'Неверный e-mail или пароль',
            error: { code: 'INVALID_CREDENTIALS', message: 'Неверный e-mail или пароль' },
          },
          401,
        );
      }
      return new Response(
        JSON.stringify({ error: { code: 'RATE_LIMITED', message: 'Слишком много попыток входа.' } }),
        {
          status: 429,
          headers: { 'Retry-After': '30' },
        },
      );
    });
    renderRoute(<StaffLoginPage />, { path: '/admin/login', url: '/admin/login' });
    await fill('anna@b2bpay.ru', 'wrong-password');
    expect(await screen.findByRole('alert')).toHaveTextContent('Неверный e-mail или пароль');
    await userEvent.click(screen.getByRole('button', { name: 'Войти' }));
    expect(
      await screen.findByText('Слишком много попыток входа. Попробуйте через 30 с.'),
    ).toBeInTheDocument();
  });

  it('logs in, keeps the session’s CSRF token and goes back to the back-office page asked for', async () => {
    const calls = mockFetch(() => json(staffSession('sales')));
    renderRoute(<StaffLoginPage />, {
      path: '/admin/login',
      url: '/admin/login?next=%2Fadmin%2Fleads%3Fstatus%3Dnew',
    });
    await fill(' Anna@B2BPay.ru ', 'длинный-пароль-2026');
    expect(await screen.findByTestId('location')).toHaveTextContent('/admin/leads?status=new');
    expect(calls[0]).toMatchObject({
      url: '/api/admin/v1/login',
      method: 'POST',
      body: { email: 'anna@b2bpay.ru', password: 'длинный-пароль-2026' },
    });
    expect(getStaffCsrfToken()).toBe('csrf-staff');
  });

  it.each(['%2F%2Fevil.example', '%2Fcabinet', 'https%3A%2F%2Fevil.example%2Fadmin'])(
    'never follows a `next` outside the back office (%s)',
    async (next) => {
      mockFetch(() => json(staffSession('admin')));
      renderRoute(<StaffLoginPage />, { path: '/admin/login', url: `/admin/login?next=${next}` });
      await fill('anna@b2bpay.ru', 'длинный-пароль-2026');
      expect(await screen.findByTestId('location')).toHaveTextContent(/^\/admin$/);
    },
  );
});

describe('/admin/set-password', () => {
  it('asks for at least 10 characters twice, then opens the back office on the new session', async () => {
    const calls = mockFetch(() => json(staffSession('risk')));
    renderRoute(<SetPasswordPage />, { path: '/admin/set-password', url: '/admin/set-password?token=tK9' });
    await userEvent.type(screen.getByLabelText('Новый пароль'), 'короткий');
    await userEvent.type(screen.getByLabelText('Повторите пароль'), 'другой');
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить пароль' }));
    expect(screen.getByText('Пароль должен быть не короче 10 символов')).toBeInTheDocument();
    expect(screen.getByText('Пароли не совпадают')).toBeInTheDocument();
    expect(calls).toHaveLength(0);

    await userEvent.clear(screen.getByLabelText('Новый пароль'));
    await userEvent.clear(screen.getByLabelText('Повторите пароль'));
    await userEvent.type(screen.getByLabelText('Новый пароль'), 'длинный-пароль');
    await userEvent.type(screen.getByLabelText('Повторите пароль'), 'длинный-пароль');
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить пароль' }));
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/admin$/);
    expect(calls[0]).toMatchObject({
      url: '/api/admin/v1/password',
      method: 'POST',
      body: { token: 'tK9', password: 'длинный-пароль' },
    });
    expect(getStaffCsrfToken()).toBe('csrf-staff');
  });

  it('says so when the link has no token, and shows a used link’s refusal', async () => {
    mockFetch(() =>
      json({ error: { code: 'LINK_INVALID', message: 'Ссылка недействительна или устарела' } }, 400),
    );
    const { unmount } = renderRoute(<SetPasswordPage />, {
      path: '/admin/set-password',
      url: '/admin/set-password',
    });
    expect(screen.getByRole('alert')).toHaveTextContent('В ссылке нет кода');
    unmount();
    renderRoute(<SetPasswordPage />, { path: '/admin/set-password', url: '/admin/set-password?token=used' });
    await userEvent.type(screen.getByLabelText('Новый пароль'), 'длинный-пароль');
    await userEvent.type(screen.getByLabelText('Повторите пароль'), 'длинный-пароль');
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить пароль' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Ссылка недействительна или устарела');
  });
});

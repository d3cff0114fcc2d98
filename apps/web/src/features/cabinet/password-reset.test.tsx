import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, renderRoute } from '../../test/render';
import ForgotPage from './forgot-page';
import ResetPage from './reset-page';

describe('/cabinet/forgot', () => {
  it('checks the address, then says the same whatever the address', async () => {
    const calls = mockFetch(() => json({ status: 'sent' }, 202));
    renderRoute(<ForgotPage />, { path: '/cabinet/forgot', url: '/cabinet/forgot' });
    await userEvent.click(screen.getByRole('button', { name: 'Прислать ссылку' }));
    expect(screen.getByText('Укажите e-mail')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('E-mail'), 'anna@example.ru');
    await userEvent.click(screen.getByRole('button', { name: 'Прислать ссылку' }));
    expect(await screen.findByText(/Если адрес/)).toHaveTextContent('anna@example.ru');
    expect(calls[0]).toMatchObject({
      url: '/api/cabinet/password/forgot',
      body: { email: 'anna@example.ru' },
    });
  });
});

describe('/cabinet/forgot, refused', () => {
  it('too many requests: the server’s words and when to try again', async () => {
    mockFetch(
      () =>
        new Response(
          JSON.stringify({ error: { code: 'RATE_LIMITED', message: 'Слишком много запросов.' } }),
          {
            status: 429,
            headers: { 'Retry-After': '30' },
          },
        ),
    );
    renderRoute(<ForgotPage />, { path: '/cabinet/forgot', url: '/cabinet/forgot' });
    await userEvent.type(screen.getByLabelText('E-mail'), 'anna@example.ru');
    await userEvent.click(screen.getByRole('button', { name: 'Прислать ссылку' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Слишком много запросов. Попробуйте через 30 с.',
    );
  });
});

describe('/cabinet/reset', () => {
  it('asks for a long enough password twice, then sends it with the link’s code', async () => {
    const calls = mockFetch(() => new Response(null, { status: 204 }));
    renderRoute(<ResetPage />, { path: '/cabinet/reset', url: '/cabinet/reset?token=reset-1' });
    await userEvent.type(screen.getByLabelText('Новый пароль'), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить пароль' }));
    expect(screen.getByText('Пароль должен быть не короче 10 символов')).toBeInTheDocument();
    expect(screen.getByText('Пароли не совпадают')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Новый пароль'));
    await userEvent.type(screen.getByLabelText('Новый пароль'), 'new-password-42');
    await userEvent.type(screen.getByLabelText('Повторите пароль'), 'new-password-42');
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить пароль' }));
    expect(await screen.findByText('Пароль изменён. Войдите с новым паролем.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Войти' })).toHaveAttribute('href', '/cabinet/login');
    expect(calls[0]).toMatchObject({
      url: '/api/cabinet/password/reset',
      method: 'POST',
      body: { token: 'reset-1', password: 'new-password-42' },
    });
  });

  it('a used link shows the server’s words and a way to ask for a new one', async () => {
    mockFetch(() => json({ error: { code: 'GONE', message: 'Ссылка устарела' } }, 410));
    renderRoute(<ResetPage />, { path: '/cabinet/reset', url: '/cabinet/reset?token=old' });
    await userEvent.type(screen.getByLabelText('Новый пароль'), 'new-password-42');
    await userEvent.type(screen.getByLabelText('Повторите пароль'), 'new-password-42');
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить пароль' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Ссылка устарела');
    expect(screen.getByRole('link', { name: 'Запросить новую ссылку' })).toHaveAttribute(
      'href',
      '/cabinet/forgot',
    );
  });

  it('a leaked password refused by the server is shown under the field', async () => {
    mockFetch(() =>
      json(
        {
          error: { code: 'VALIDATION_ERROR', message: 'Этот пароль есть в утёкших базах', field: 'password' },
        },
        400,
      ),
    );
    renderRoute(<ResetPage />, { path: '/cabinet/reset', url: '/cabinet/reset?token=t' });
    await userEvent.type(screen.getByLabelText('Новый пароль'), 'password123');
    await userEvent.type(screen.getByLabelText('Повторите пароль'), 'password123');
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить пароль' }));
    expect(await screen.findByText('Этот пароль есть в утёкших базах')).toBeInTheDocument();
    expect(screen.getByLabelText('Новый пароль')).toHaveAttribute('aria-invalid', 'true');
  });
});

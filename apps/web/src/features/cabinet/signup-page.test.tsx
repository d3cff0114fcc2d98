import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, renderRoute } from '../../test/render';
import SignupPage from './signup-page';

const VALID_INN = '7707083893';

async function fill({ email = '', password = '', name = '', inn = '' }) {
  if (email) await userEvent.type(screen.getByLabelText('E-mail'), email);
  if (password) await userEvent.type(screen.getByLabelText('Пароль'), password);
  if (name) await userEvent.type(screen.getByLabelText('Контактное лицо'), name);
  if (inn) await userEvent.type(screen.getByLabelText('ИНН'), inn);
  await userEvent.click(screen.getByRole('button', { name: 'Зарегистрироваться' }));
}

describe('/cabinet/signup', () => {
  it('checks every field in the browser, the INN by its checksum', async () => {
    const calls = mockFetch(() => json([]));
    renderRoute(<SignupPage />, { path: '/cabinet/signup', url: '/cabinet/signup' });
    await fill({});
    expect(screen.getByText('Укажите e-mail')).toBeInTheDocument();
    expect(screen.getByText('Введите пароль')).toBeInTheDocument();
    expect(screen.getByText('Укажите имя')).toBeInTheDocument();
    expect(screen.getByText('ИНН обязателен')).toBeInTheDocument();
    await fill({ email: 'anna@example.ru', password: 'short', name: 'Анна', inn: '7707083890' });
    expect(screen.getByText('Пароль должен быть не короче 10 символов')).toBeInTheDocument();
    expect(screen.getByText('Неверный ИНН организации (10 цифр)')).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/api/cabinet/signup')).toHaveLength(0);
  });

  it('sends the form and says to check the mail', async () => {
    const calls = mockFetch((call) =>
      call.url === '/api/cabinet/signup' ? json({ status: 'sent' }, 202) : json([]),
    );
    renderRoute(<SignupPage />, { path: '/cabinet/signup', url: '/cabinet/signup' });
    await fill({
      email: 'Anna@Example.ru',
      password: 'correct-horse-1',
      name: ' Анна Петрова ',
      inn: VALID_INN,
    });
    expect(await screen.findByRole('heading', { name: 'Проверьте почту' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('anna@example.ru');
    expect(calls.find((c) => c.url === '/api/cabinet/signup')?.body).toEqual({
      email: 'anna@example.ru',
      password: 'correct-horse-1',
      name: 'Анна Петрова',
      company: { inn: VALID_INN },
    });
  });

  it('puts the server’s field errors under their fields', async () => {
    mockFetch((call) =>
      call.url === '/api/cabinet/signup'
        ? json(
            {
              error: { code: 'VALIDATION_ERROR', message: 'Этот пароль слишком известен', field: 'password' },
              errors: [
                { code: 'VALIDATION_ERROR', message: 'Этот пароль слишком известен', field: 'password' },
                {
                  code: 'VALIDATION_ERROR',
                  message: 'Компания с таким ИНН не найдена',
                  field: 'company.inn',
                },
              ],
            },
            400,
          )
        : json([]),
    );
    renderRoute(<SignupPage />, { path: '/cabinet/signup', url: '/cabinet/signup' });
    await fill({ email: 'anna@example.ru', password: 'password123', name: 'Анна', inn: VALID_INN });
    expect(await screen.findByText('Этот пароль слишком известен')).toBeInTheDocument();
    expect(screen.getByText('Компания с таким ИНН не найдена')).toBeInTheDocument();
    expect(screen.getByLabelText('Пароль')).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows a failure without a field above the form', async () => {
    mockFetch((call) =>
      call.url === '/api/cabinet/signup'
        ? json({ error: { code: 'RATE_LIMITED', message: 'Слишком много запросов' } }, 429)
        : json([]),
    );
    renderRoute(<SignupPage />, { path: '/cabinet/signup', url: '/cabinet/signup' });
    await fill({ email: 'anna@example.ru', password: 'correct-horse-1', name: 'Анна', inn: VALID_INN });
    expect(await screen.findByRole('alert')).toHaveTextContent('Слишком много запросов');
  });
});

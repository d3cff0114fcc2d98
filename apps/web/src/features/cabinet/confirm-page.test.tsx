import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { getSessionCredentials, setSessionCredentials } from '../../shared/api/session-credentials';
import { json, mockFetch, renderRoute } from '../../test/render';
import ConfirmPage from './confirm-page';

afterEach(() => setSessionCredentials(null));

const CONFIRMED = {
  user: { id: 'u1', email: 'anna@example.ru', name: 'Анна' },
  shops: [{ id: 's1', name: 'ООО «Ромашка»', role: 'owner' }],
  csrf_token: 'csrf-9',
  created_shop: {
    id: 's1',
    name: 'ООО «Ромашка»',
    secret_key: 'sk_live_secret',
    publishable_key: 'pk_live_pub',
    test_secret_key: 'sk_test_secret',
    test_publishable_key: 'pk_test_pub',
  },
};

describe('/cabinet/confirm', () => {
  it('confirms once, logs in and shows the new secret key once, with a copy button and the warning', async () => {
    const calls = mockFetch(() => json(CONFIRMED));
    renderRoute(<ConfirmPage />, { path: '/cabinet/confirm', url: '/cabinet/confirm?token=tok-1' });
    expect(await screen.findByRole('heading', { name: 'Магазин создан' })).toBeInTheDocument();
    expect(screen.getByText('sk_live_secret')).toBeInTheDocument();
    expect(screen.getByText('pk_live_pub')).toBeInTheDocument();
    expect(screen.getByText(/больше мы его не покажем/)).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Копировать' })).toHaveLength(4);
    expect(screen.getByRole('link', { name: 'Перейти в кабинет магазина' })).toHaveAttribute(
      'href',
      '/shops/s1',
    );
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ url: '/api/cabinet/confirm', method: 'POST', body: { token: 'tok-1' } });
    expect(getSessionCredentials()?.csrfToken).toBe('csrf-9');
    expect(sessionStorage.getItem('authToken')).toBeNull();
  });

  it('shows the live keys and, below them, the test keys under their Russian labels', async () => {
    mockFetch(() => json(CONFIRMED));
    renderRoute(<ConfirmPage />, { path: '/cabinet/confirm', url: '/cabinet/confirm?token=tok-2' });
    const live = await screen.findByRole('region', { name: 'Ключи боевого режима' });
    const test = screen.getByRole('region', { name: 'Ключи тестового режима' });
    expect(within(live).getByText('Секретный ключ')).toBeInTheDocument();
    expect(within(live).getByText('sk_live_secret')).toBeInTheDocument();
    expect(within(live).getByText('pk_live_pub')).toBeInTheDocument();
    expect(within(test).getByText('Тестовый секретный ключ')).toBeInTheDocument();
    expect(within(test).getByText('sk_test_secret')).toBeInTheDocument();
    expect(within(test).getByText('Тестовый публикуемый ключ')).toBeInTheDocument();
    expect(within(test).getByText('pk_test_pub')).toBeInTheDocument();
    expect(within(test).getByText(/показывается только сейчас/)).toBeInTheDocument();
    // Live first, then test.
    expect(live.compareDocumentPosition(test) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('a used or expired link says so and offers log-in and sign-up', async () => {
    mockFetch(() => json({ error: { code: 'GONE', message: 'Ссылка уже использована или устарела' } }, 410));
    renderRoute(<ConfirmPage />, { path: '/cabinet/confirm', url: '/cabinet/confirm?token=old' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Ссылка уже использована или устарела');
    expect(screen.getByRole('link', { name: 'войдите' })).toHaveAttribute('href', '/cabinet/login');
    expect(screen.getByRole('link', { name: 'зарегистрируйтесь ещё раз' })).toHaveAttribute(
      'href',
      '/cabinet/signup',
    );
  });

  it('a link without its code asks for the whole link and calls nothing', async () => {
    const calls = mockFetch(() => json({}));
    renderRoute(<ConfirmPage />, { path: '/cabinet/confirm', url: '/cabinet/confirm' });
    expect(await screen.findByRole('alert')).toHaveTextContent('В ссылке нет кода');
    expect(calls).toHaveLength(0);
  });
});

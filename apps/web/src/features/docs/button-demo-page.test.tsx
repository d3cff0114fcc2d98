import { DEMO_SHOP } from '@b2bpay/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, renderRoute } from '../../test/render';
import ButtonDemoPage, { DEMO_TOKEN_NOTICE } from './button-demo-page';

afterEach(() => {
  for (const script of document.head.querySelectorAll('script')) script.remove();
  delete window.B2BPay;
});

const standalone = () =>
  renderRoute(<ButtonDemoPage />, { path: '/shops/button-demo', url: '/shops/button-demo' });
const inShop = (url: string) => renderRoute(<ButtonDemoPage />, { path: '/shops/:shopId/button-demo', url });

/** The page's snippet text for one method. */
const snippet = (title: string) =>
  screen
    .getByText(new RegExp(title), { selector: 'figcaption > span:first-child' })
    .closest('figure')
    ?.querySelector('code')?.textContent ?? '';

describe('button widget documentation page', () => {
  it('without a shop: the demo key, the yellow notice verbatim, no back button', () => {
    standalone();
    expect(screen.getByText(DEMO_TOKEN_NOTICE)).toBeInTheDocument();
    expect(DEMO_TOKEN_NOTICE).toBe(
      'Используется демо токен. Для работы с вашим магазином замените его на ваш токен.',
    );
    expect(screen.getByLabelText('Публикуемый ключ (api-token)')).toHaveValue(DEMO_SHOP.publishableKey);
    expect(snippet('веб-компонент')).toContain(`api-token="${DEMO_SHOP.publishableKey}"`);
    expect(screen.queryByRole('link', { name: 'Назад' })).toBeNull();
    expect(screen.getByRole('link', { name: 'REST API' })).toHaveAttribute('href', '/shops/api-docs');
  });

  it("in a shop with its secret key stored: that shop's publishable key in full, no notice, never the secret one", async () => {
    const calls = mockFetch(() =>
      json({
        webhook_url: null,
        webhook_secret_hint: 'whsec_…abcd',
        secret_key_hint: 'sk_live_…_abc',
        publishable_key_hint: 'pk_live_ShopOwnKey123',
      }),
    );
    inShop('/shops/s1/button-demo?token=sk_live_abc');
    await waitFor(() =>
      expect(screen.getByLabelText('Публикуемый ключ (api-token)')).toHaveValue('pk_live_ShopOwnKey123'),
    );
    expect(calls[0]?.url).toBe('/api/shop/settings');
    expect(calls[0]?.headers.authorization).toBe('Bearer sk_live_abc');
    expect(snippet('веб-компонент')).toContain('api-token="pk_live_ShopOwnKey123"');
    expect(screen.queryByText(DEMO_TOKEN_NOTICE)).toBeNull();
    expect(document.body.innerHTML).not.toContain('sk_live_abc');
    expect(screen.getByRole('link', { name: 'Назад' })).toHaveAttribute('href', '/shops/s1');
  });

  it('in a shop whose key cannot be read: the demo key and the notice, never the secret one', async () => {
    mockFetch(() => json({ detail: 'Неверный ключ', error: { code: 'UNAUTHORIZED', message: 'x' } }, 401));
    inShop(`/shops/s1/button-demo?token=sk_live_abc`);
    await waitFor(() => expect(sessionStorage.getItem('authToken')).toBe('sk_live_abc'));
    expect(screen.getByText(DEMO_TOKEN_NOTICE)).toBeInTheDocument();
    expect(screen.getByLabelText('Публикуемый ключ (api-token)')).toHaveValue(DEMO_SHOP.publishableKey);
    expect(document.body.innerHTML).not.toContain('sk_live_abc');
  });

  it('in a shop with a publishable key stored: that key, no notice', async () => {
    sessionStorage.setItem('authToken', 'pk_live_shop');
    inShop('/shops/s1/button-demo');
    await waitFor(() =>
      expect(screen.getByLabelText('Публикуемый ключ (api-token)')).toHaveValue('pk_live_shop'),
    );
    expect(screen.queryByText(DEMO_TOKEN_NOTICE)).toBeNull();
    expect(snippet('B2BPay.init')).toContain("apiToken: 'pk_live_shop'");
  });

  it('a typed key goes into both snippets and the live demos; the notice goes', async () => {
    standalone();
    const field = screen.getByLabelText('Публикуемый ключ (api-token)');
    await userEvent.clear(field);
    await userEvent.type(field, 'pk_live_typed');
    expect(screen.queryByText(DEMO_TOKEN_NOTICE)).toBeNull();
    expect(snippet('веб-компонент')).toContain('api-token="pk_live_typed"');
    expect(snippet('B2BPay.init')).toContain("apiToken: 'pk_live_typed'");
    const demos = document.querySelectorAll('[data-demo^="web-component"] b2bpay-button');
    expect([...demos].map((d) => [d.getAttribute('api-token'), d.getAttribute('size')])).toEqual([
      ['pk_live_typed', 'S'],
      ['pk_live_typed', 'M'],
    ]);
  });

  it('loads the served script, then renders the init demo with the snippet parameters', async () => {
    standalone();
    expect(screen.getByText('Загрузка виджета...')).toBeInTheDocument();
    const script = document.head.querySelector('script[src="/widget/v1/b2bpay.js"]');
    expect(script).not.toBeNull();
    const init = vi.fn(() => document.createElement('b2bpay-button'));
    window.B2BPay = { version: '1.0.0', init };
    script?.dispatchEvent(new Event('load'));
    await waitFor(() => expect(init).toHaveBeenCalledTimes(1));
    expect(init).toHaveBeenCalledWith(
      expect.objectContaining({
        container: document.querySelector('[data-demo="init"]'),
        apiToken: DEMO_SHOP.publishableKey,
        size: 'L',
        theme: 'dark',
      }),
    );
    expect(screen.queryByText('Загрузка виджета...')).toBeNull();
  });

  it('says so when the script cannot be loaded', async () => {
    standalone();
    document.head.querySelector('script[src="/widget/v1/b2bpay.js"]')?.dispatchEvent(new Event('error'));
    expect(await screen.findByText(/Не удалось загрузить скрипт виджета/)).toBeInTheDocument();
  });

  it('copy shows the check icon for 2 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    standalone();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(screen.getByRole('button', { name: 'Копировать HTML · веб-компонент' }));
    const copied = await screen.findByRole('button', { name: 'Скопировано: HTML · веб-компонент' });
    expect(copied.querySelector('[data-icon="check"]')).not.toBeNull();
    // user-event puts its own clipboard in place of the browser's.
    // The panel drops the final newline that the copied text keeps.
    expect(await navigator.clipboard.readText()).toBe(`${snippet('веб-компонент')}\n`);
    vi.advanceTimersByTime(1900);
    expect(screen.getByRole('button', { name: 'Скопировано: HTML · веб-компонент' })).toBeInTheDocument();
    vi.advanceTimersByTime(200);
    await waitFor(() =>
      expect(
        screen
          .getByRole('button', { name: 'Копировать HTML · веб-компонент' })
          .querySelector('[data-icon="copy"]'),
      ).not.toBeNull(),
    );
  });
});

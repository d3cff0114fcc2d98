import { DEMO_SHOP } from '@b2bpay/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, renderRoute } from '../../../test/render';
import { pageNeedsShopKey, ShopKeyGate } from './shop-key-gate';
import ShopsEntryPage from './shops-entry-page';

const page = <ShopKeyGate>{<p>Содержимое страницы</p>}</ShopKeyGate>;

describe('no key, no dead end', () => {
  it('knows which shop pages need the key', () => {
    expect(pageNeedsShopKey('/shops/s1')).toBe(true);
    expect(pageNeedsShopKey('/shops/s1/generate-qr')).toBe(true);
    expect(pageNeedsShopKey('/shops/s1/all-orders')).toBe(true);
    expect(pageNeedsShopKey('/shops/order-qr/o1')).toBe(true);
    expect(pageNeedsShopKey('/shops/s1/settings')).toBe(true);
    expect(pageNeedsShopKey('/shops/s1/faq')).toBe(false);
    expect(pageNeedsShopKey('/shops/s1/support')).toBe(false);
    expect(pageNeedsShopKey('/shops/s1/button-demo')).toBe(false);
    expect(pageNeedsShopKey('/shops/s1/api-docs')).toBe(false);
  });

  it('a page that needs the key says what is missing and how to get in, instead of the page', async () => {
    renderRoute(page, { path: '/shops/:shopId/generate-qr', url: `/shops/${DEMO_SHOP.id}/generate-qr` });
    expect(await screen.findByRole('heading', { name: 'Нет ключа доступа магазина' })).toBeInTheDocument();
    expect(screen.getByText(/из письма о подключении магазина/)).toBeInTheDocument();
    expect(
      screen.getByText(/по демо-ссылке, которую сервер B2BPay показывает при запуске/),
    ).toBeInTheDocument();
    // Russian for shop owners: no README to look up, no English section names.
    expect(document.body).not.toHaveTextContent(/README|Two commands/);
    expect(screen.queryByText('Содержимое страницы')).not.toBeInTheDocument();
  });

  it('with the key the page is shown', async () => {
    renderRoute(page, {
      path: '/shops/:shopId/generate-qr',
      url: `/shops/${DEMO_SHOP.id}/generate-qr?token=${DEMO_SHOP.secretKey}`,
    });
    expect(await screen.findByText('Содержимое страницы')).toBeInTheDocument();
    expect(screen.queryByText('Нет ключа доступа магазина')).not.toBeInTheDocument();
  });

  it('an open page stays, with a note linking to how to get in', async () => {
    renderRoute(page, { path: '/shops/:shopId/faq', url: `/shops/${DEMO_SHOP.id}/faq` });
    expect(await screen.findByText('Содержимое страницы')).toBeInTheDocument();
    expect(screen.getByText(/Кабинет открыт без ключа магазина/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Как войти' })).toHaveAttribute('href', '/shops');
  });

  it('/shops is a real page about getting into a shop area', async () => {
    mockFetch(() => json({}));
    renderRoute(<ShopsEntryPage />, { path: '/shops', url: '/shops' });
    expect(
      await screen.findByRole('heading', { name: 'Вход в кабинет магазина', level: 1 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Подключить магазин' })).toHaveAttribute('href', '/#contact');
  });
});

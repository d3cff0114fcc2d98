import type { Order, OrderStatus } from '@b2bpay/domain';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockFetch, renderRoute } from '../../../test/render';
import ApplyStep1Page from '../pages/apply-step1-page';
import ApplyStep2Page from '../pages/apply-step2-page';
import OrderPage from '../pages/order-page';
import SuccessPage, { SUCCESS_TITLE } from '../pages/success-page';
import { buyerApi, makeClient, makeOrder, ORDER_ID, STEP1_DONE, storeForm } from '../testing/fixtures';
import { SHOP_RETURN_TEXT } from './shop-return-link';

const RETURN_URL = 'https://shop.example/checkout/done?cart=8841';
const CANCEL_URL = 'https://shop.example/cart';
const URLS = { return_url: RETURN_URL, cancel_url: CANCEL_URL };

const PAGES = {
  order: [<OrderPage key="order" />, '/client/:orderId', ''],
  step1: [<ApplyStep1Page key="step1" />, '/client/:orderId/apply', '/apply'],
  step2: [<ApplyStep2Page key="step2" />, '/client/:orderId/apply/step2', '/apply/step2'],
  success: [<SuccessPage key="success" />, '/client/:orderId/success', '/success'],
} as const;

function open(page: keyof typeof PAGES, order: Order) {
  mockFetch(buyerApi({ order }));
  const [element, path, tail] = PAGES[page];
  return renderRoute(element, { path, url: `/client/${ORDER_ID}${tail}` });
}

const shopLink = () => screen.queryByRole('link', { name: SHOP_RETURN_TEXT });

beforeEach(() => sessionStorage.clear());

describe('«Вернуться в магазин»', () => {
  it("on the success page: the order's return_url with the order's id, its own query kept", async () => {
    open('success', makeOrder({ status: 'bank_info_expected', ...URLS }));
    expect(await screen.findByRole('heading', { name: SUCCESS_TITLE })).toBeInTheDocument();
    const link = await screen.findByRole('link', { name: SHOP_RETURN_TEXT });
    expect(link).toHaveAttribute('href', `${RETURN_URL}&order_id=${ORDER_ID}`);
    // A plain link in the page's order, after the way back to the order: keyboard users reach it by Tab.
    expect(link.tagName).toBe('A');
    expect(link).not.toHaveAttribute('target');
    const links = screen.getAllByRole('link').map((a) => a.textContent);
    expect(links.indexOf(SHOP_RETURN_TEXT)).toBe(links.indexOf('Вернуться к заказу') + 1);
  });

  it('on the success page: nothing without a return_url', async () => {
    open('success', makeOrder({ status: 'bank_info_expected', cancel_url: CANCEL_URL }));
    expect(await screen.findByRole('heading', { name: SUCCESS_TITLE })).toBeInTheDocument();
    expect(shopLink()).not.toBeInTheDocument();
  });

  it.each<OrderStatus>([
    'bank_info_expected',
    'app_rejected',
    'payment_sent',
    'client_info_overdue',
    'cancelled',
    'refunded',
  ])(
    'on the order page once the application is sent or the order final (%s): the return_url',
    async (status) => {
      const client = status === 'client_info_overdue' ? null : makeClient({ sms_confirmed: true });
      open('order', makeOrder({ status, client, ...URLS }));
      const link = await screen.findByRole('link', { name: SHOP_RETURN_TEXT });
      expect(link).toHaveAttribute('href', `${RETURN_URL}&order_id=${ORDER_ID}`);
    },
  );

  it('on the order page: nothing before the application is sent, nor without a return_url', async () => {
    const view = open('order', makeOrder({ status: 'client_expected', ...URLS }));
    expect(await screen.findByRole('button', { name: 'Заполнить заявку' })).toBeInTheDocument();
    expect(shopLink()).not.toBeInTheDocument();
    view.unmount();
    open('order', makeOrder({ status: 'bank_info_expected', cancel_url: CANCEL_URL }));
    expect(await screen.findByTestId('status-text')).toBeInTheDocument();
    expect(shopLink()).not.toBeInTheDocument();
  });

  it("on step 1: the cancel_url with the order's id (the buyer changed their mind)", async () => {
    open('step1', makeOrder(URLS));
    const link = await screen.findByRole('link', { name: SHOP_RETURN_TEXT });
    expect(link).toHaveAttribute('href', `${CANCEL_URL}?order_id=${ORDER_ID}`);
  });

  it('on step 2: the cancel_url; nothing on either step without one', async () => {
    storeForm(STEP1_DONE);
    const view = open('step2', makeOrder(URLS));
    expect(await screen.findByRole('link', { name: SHOP_RETURN_TEXT })).toHaveAttribute(
      'href',
      `${CANCEL_URL}?order_id=${ORDER_ID}`,
    );
    view.unmount();
    const step2 = open('step2', makeOrder({ return_url: RETURN_URL }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Подтверждение контактов' }),
    ).toBeInTheDocument();
    expect(shopLink()).not.toBeInTheDocument();
    step2.unmount();
    open('step1', makeOrder({ return_url: RETURN_URL }));
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(shopLink()).not.toBeInTheDocument();
  });
});

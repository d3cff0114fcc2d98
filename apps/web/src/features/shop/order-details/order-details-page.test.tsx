import { DEMO_SHOP, type Order } from '@b2bpay/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, type MockCall, mockFetch, renderRoute } from '../../../test/render';
import type { WebhookDelivery } from '../shared/api/shop-api';
import OrderDetailsPage from './order-details-page';

const SHOP = DEMO_SHOP.id;
const TOKEN = DEMO_SHOP.secretKey;
const ID = '7a1b2c3d-0000-4000-8000-00000000abcd';
const DELIVERY = 'd0000000-0000-4000-8000-000000000001';

const ORDER: Order = {
  id: ID,
  shop_id: SHOP,
  order_number: '12',
  status: 'app_approved',
  version: 1,
  link: `https://pay.example/client/${ID}`,
  amount: 901,
  products: [{ id: 1, name: 'Бумага', price: 450.5, quantity: 2 }],
  client: {
    id: 5,
    email: 'buh@romashka.ru',
    phone_number: '+79001234567',
    name: 'Пётр',
    surname: 'Петров',
    middlename: null,
    inn: '7707083893',
    organization_name: 'ООО «Ромашка»',
    created_at: '2026-11-22T10:00:00Z',
    updated_at: '2026-11-22T10:00:00Z',
    email_confirmed: true,
    sms_confirmed: false,
  },
  created_at: '2026-11-22T10:00:00Z',
  updated_at: '2026-11-22T10:10:00Z',
  livemode: false,
  webhook_url: null,
  bank_decisions: [
    {
      bank: 'sever',
      bank_name: 'Банк «Северный Кредит»',
      status: 'approved',
      decided_at: '2026-11-22T10:10:00Z',
    },
    { bank: 'volga', bank_name: 'Банк «Волга Финанс»', status: 'pending', decided_at: null },
  ],
};

const HISTORY = [
  {
    from_status: null,
    to_status: 'client_expected',
    actor: 'shop',
    reason: null,
    created_at: '2026-11-22T10:00:00Z',
  },
  {
    from_status: 'client_expected',
    to_status: 'bank_info_expected',
    actor: 'buyer',
    reason: 'Покупатель отправил заявку',
    created_at: '2026-11-22T10:05:00Z',
  },
  {
    from_status: 'bank_info_expected',
    to_status: 'app_approved',
    actor: 'bank:sever',
    reason: null,
    created_at: '2026-11-22T10:10:00Z',
  },
];

function delivery(status: WebhookDelivery['status']): WebhookDelivery {
  return {
    id: DELIVERY,
    event_id: 'e0000000-0000-4000-8000-000000000001',
    event: 'order.status.changed',
    order_id: ID,
    url: 'https://shop.example/hook',
    endpoint_id: null,
    status,
    attempts: 4,
    last_status_code: status === 'failed' ? 500 : null,
    last_error: status === 'failed' ? 'Получатель ответил HTTP 500' : null,
    next_attempt_at: null,
    delivered_at: null,
    created_at: '2026-11-22T10:10:00Z',
    livemode: true,
    attempts_log: [
      { attempt: 1, started_at: '2026-11-22T10:10:00Z', duration_ms: 31, status_code: 500, error: 'x' },
    ],
  };
}

function open(answer?: (call: MockCall) => Response | undefined) {
  let retried = false;
  const calls = mockFetch((call) => {
    const custom = answer?.(call);
    if (custom) return custom;
    const url = new URL(call.url, 'http://x');
    if (url.pathname === `/api/order/orders/${ID}`) return json(ORDER);
    if (url.pathname === `/api/order/orders/${ID}/history`) return json(HISTORY);
    if (url.pathname === '/api/webhooks/deliveries')
      return json({ items: [delivery(retried ? 'delivered' : 'failed')], count: 1, has_more: false });
    if (url.pathname === `/api/webhooks/deliveries/${DELIVERY}/retry`) {
      retried = true;
      return json(delivery('pending'));
    }
    return json({ detail: 'нет', error: { code: 'NOT_FOUND', message: 'нет' } }, 404);
  });
  renderRoute(<OrderDetailsPage />, {
    path: '/shops/:shopId/orders/:orderId',
    url: `/shops/${SHOP}/orders/${ID}?token=${TOKEN}`,
  });
  return calls;
}

const section = (name: string) => {
  const found = screen.getByRole('heading', { name }).closest('section');
  if (!found) throw new Error(`no section ${name}`);
  return within(found);
};

describe('order details page', () => {
  it('shows the status, buyer with confirmed contacts, bank decisions and history with actors', async () => {
    const calls = open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Заказ №12' })).toBeInTheDocument();
    expect(calls[0]?.headers.authorization).toBe(`Bearer ${TOKEN}`);

    const buyer = section('Покупатель');
    expect(buyer.getByText('ООО «Ромашка»')).toBeInTheDocument();
    expect(buyer.getByText('7707083893')).toBeInTheDocument();
    expect(buyer.getByText('Петров Пётр')).toBeInTheDocument();
    expect(buyer.getByText('buh@romashka.ru').parentElement).toHaveTextContent('подтверждён');
    // Formatted as everywhere else in the product, not raw.
    expect(buyer.getByText('+7 900 123-45-67').parentElement).toHaveTextContent('не подтверждён');

    const banks = section('Решения банков');
    expect(banks.getByText('Банк «Северный Кредит»').parentElement).toHaveTextContent('Одобрил');
    expect(banks.getByText('Банк «Волга Финанс»').parentElement).toHaveTextContent('Рассматривает');

    const history = await screen.findByTestId('status-history');
    const entries = within(history).getAllByRole('listitem');
    expect(entries.map((li) => li.textContent)).toEqual([
      expect.stringMatching(
        /^Банк одобрил заявкуБанк «Северный Кредит» · 22\.11\.2026 \d\d:10 · было: Банк проверяет информацию$/,
      ),
      expect.stringMatching(
        /^Банк проверяет информациюПокупатель · .* · было: Ожидаем данные клиентаПокупатель отправил заявку$/,
      ),
      expect.stringMatching(/^Заказ созданОжидаем данные клиентаМагазин · /),
    ]);
    expect(screen.getByRole('link', { name: 'QR-код и ссылка' })).toHaveAttribute(
      'href',
      `/shops/order-qr/${ID}`,
    );
  });

  it("lists the order's webhooks and sends a failed one again", async () => {
    const calls = open();
    const item = await screen.findByTestId('webhook-delivery');
    expect(item).toHaveTextContent('Статус заказа изменился');
    expect(item).toHaveTextContent('Не доставлено');
    expect(item).toHaveTextContent('Ответ: HTTP 500');
    const list = calls.find((c) => c.url.startsWith('/api/webhooks/deliveries'));
    expect(list?.url).toBe(`/api/webhooks/deliveries?page=1&order_id=${ID}`);

    await userEvent.click(within(item).getByRole('button', { name: 'Отправить повторно' }));
    expect(await screen.findByText('Вебхук поставлен в очередь на отправку')).toBeInTheDocument();
    expect(
      calls.some((c) => c.method === 'POST' && c.url === `/api/webhooks/deliveries/${DELIVERY}/retry`),
    ).toBe(true);
    await waitFor(() => expect(screen.getByTestId('webhook-delivery')).toHaveTextContent('Доставлено'));
  });

  it('sends a delivery waiting for its retry now («Отправить сейчас») and says so in Russian', async () => {
    let sent = false;
    const waiting = {
      ...delivery('pending'),
      attempts: 1,
      last_error: 'Нет ответа: адрес не найден (ENOTFOUND)',
      next_attempt_at: '2026-11-22T10:15:00Z',
    };
    const calls = open((call) => {
      const url = new URL(call.url, 'http://x');
      if (url.pathname === '/api/webhooks/deliveries')
        return json({ items: [sent ? delivery('delivered') : waiting], count: 1, has_more: false });
      if (url.pathname === `/api/webhooks/deliveries/${DELIVERY}/send-now`) {
        sent = true;
        return json({ ...waiting, next_attempt_at: '2026-11-22T10:11:00Z' });
      }
      return undefined;
    });
    const item = await screen.findByTestId('webhook-delivery');
    expect(item).toHaveTextContent('Следующая попытка:');
    expect(within(item).queryByRole('button', { name: 'Отправить повторно' })).not.toBeInTheDocument();
    await userEvent.click(within(item).getByRole('button', { name: 'Отправить сейчас' }));
    expect(
      await screen.findByText('Вебхук отправляется сейчас, не дожидаясь следующей попытки'),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([
      `/api/webhooks/deliveries/${DELIVERY}/send-now`,
    ]);
    await waitFor(() => expect(screen.getByTestId('webhook-delivery')).toHaveTextContent('Доставлено'));
    expect(screen.queryByRole('button', { name: 'Отправить сейчас' })).not.toBeInTheDocument();
  });

  it('says why «Отправить сейчас» was refused', async () => {
    const waiting = { ...delivery('pending'), attempts: 1, next_attempt_at: '2026-11-22T10:15:00Z' };
    open((call) => {
      const url = new URL(call.url, 'http://x');
      if (url.pathname === '/api/webhooks/deliveries')
        return json({ items: [waiting], count: 1, has_more: false });
      if (call.method === 'POST')
        return json(
          {
            detail: 'Доставка не ждёт повторной попытки: отправить сейчас нечего',
            error: { code: 'DELIVERY_NOT_WAITING', message: 'x' },
          },
          409,
        );
      return undefined;
    });
    const item = await screen.findByTestId('webhook-delivery');
    await userEvent.click(within(item).getByRole('button', { name: 'Отправить сейчас' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Доставка не ждёт повторной попытки: отправить сейчас нечего',
    );
  });

  it('says why a re-send was refused', async () => {
    open((call) =>
      call.method === 'POST'
        ? json(
            { detail: 'Доставка уже ожидает отправки', error: { code: 'DELIVERY_PENDING', message: 'x' } },
            409,
          )
        : undefined,
    );
    const item = await screen.findByTestId('webhook-delivery');
    await userEvent.click(within(item).getByRole('button', { name: 'Отправить повторно' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Доставка уже ожидает отправки');
  });

  it('says the order is not found', async () => {
    open((call) =>
      call.url === `/api/order/orders/${ID}`
        ? json({ detail: 'Заказ не найден', error: { code: 'NOT_FOUND', message: 'x' } }, 404)
        : undefined,
    );
    expect(await screen.findByText('Заказ не найден.')).toBeInTheDocument();
    expect(screen.getByText(`Не удалось найти заказ с ID: ${ID}`)).toBeInTheDocument();
  });

  it('a test order says «Тест» beside its status; a live one does not (DESIGN §16)', async () => {
    open();
    await screen.findByRole('heading', { level: 1, name: 'Заказ №12' });
    expect(section('Статус').getByTestId('test-order-badge')).toHaveTextContent('Тест');
  });

  it('a live order has no «Тест» mark', async () => {
    open((call) =>
      call.url.endsWith(`/api/order/orders/${ID}`) ? json({ ...ORDER, livemode: true }) : undefined,
    );
    await screen.findByRole('heading', { level: 1, name: 'Заказ №12' });
    expect(section('Статус').queryByTestId('test-order-badge')).not.toBeInTheDocument();
  });
});

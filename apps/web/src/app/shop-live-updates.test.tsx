import { DEMO_SHOP } from '@b2bpay/domain';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LiveEventsProvider } from '../features/shop/live/live-events';
import OrdersPage from '../features/shop/orders/orders-page';
import { json, mockFetch, renderRoute } from '../test/render';

const SHOP = DEMO_SHOP.id;
const TOKEN = DEMO_SHOP.secretKey;
const ORDER_ID = '00000000-0000-4000-8000-000000000001';

function order(status: string) {
  return {
    id: ORDER_ID,
    shop_id: SHOP,
    order_number: '1001',
    status,
    link: '',
    amount: 100,
    products: [{ id: 1, name: 'Товар', price: 100, quantity: 1 }],
    client: null,
    created_at: '2026-11-22T10:00:00Z',
    updated_at: '2026-11-22T10:00:00Z',
  };
}

describe('live updates in the shop area', () => {
  it('an event refreshes the open list and says what changed in a toast', async () => {
    let status = 'client_expected';
    let push: ((text: string) => void) | undefined;
    const calls = mockFetch((call) => {
      if (call.url === '/api/events') {
        const encoder = new TextEncoder();
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            push = (text) => controller.enqueue(encoder.encode(text));
            controller.enqueue(encoder.encode('retry: 2000\n\n'));
          },
        });
        return new Response(body, { headers: { 'Content-Type': 'text/event-stream' } });
      }
      return json({ items: [order(status)], count: 1 });
    });
    renderRoute(
      <LiveEventsProvider>
        <OrdersPage />
      </LiveEventsProvider>,
      { path: '/shops/:shopId/all-orders', url: `/shops/${SHOP}/all-orders?token=${TOKEN}` },
    );
    expect(await screen.findByText('Ожидаем данные клиента', { selector: '.truncate' })).toBeInTheDocument();
    await waitFor(() => expect(push).toBeDefined());
    expect(await screen.findByText('Обновляется автоматически')).toBeInTheDocument();
    const events = calls.find((c) => c.url === '/api/events');
    expect(events?.headers.authorization).toBe(`Bearer ${TOKEN}`);

    status = 'bank_info_expected';
    const data = {
      id: '17',
      event: 'order.status.changed',
      order_id: ORDER_ID,
      order_number: '1001',
      status,
      previous_status: 'client_expected',
      timestamp: '2026-11-22T10:05:00Z',
    };
    push?.(`id: 17\nevent: order.status.changed\ndata: ${JSON.stringify(data)}\n\n`);

    expect(await screen.findByText('Заказ №1001: Банк проверяет информацию')).toBeInTheDocument();
    expect(
      await screen.findByText('Банк проверяет информацию', { selector: '.truncate' }),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.url.startsWith('/api/order/orders')).length).toBe(2);
  });
});

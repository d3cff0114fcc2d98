// @vitest-environment node
import type { LiveEvent } from '@b2bpay/domain';
import { describe, expect, it } from 'vitest';
import { staleKeys, toastTexts } from './live-model';

let seq = 0;
function ev(partial: Partial<LiveEvent>): LiveEvent {
  seq += 1;
  return {
    id: String(seq),
    event: 'order.status.changed',
    order_id: 'o1',
    order_number: '12',
    status: 'app_approved',
    previous_status: 'bank_info_expected',
    timestamp: '2026-11-22T10:00:00Z',
    ...partial,
  };
}

describe('live toasts', () => {
  it("says the order's new status in Russian", () => {
    expect(toastTexts([ev({})])).toEqual(['Заказ №12: Банк одобрил заявку']);
    expect(toastTexts([ev({ status: 'some_new_status' })])).toEqual(['Заказ №12: some_new_status']);
  });

  it('one toast per order: a submission (client updated + status changed) says the status', () => {
    const submission = [
      ev({ event: 'order.client.updated', status: 'client_expected' }),
      ev({ status: 'bank_info_expected', previous_status: 'client_expected' }),
    ];
    expect(toastTexts(submission)).toEqual(['Заказ №12: Банк проверяет информацию']);
    const payment = [
      ev({ status: 'payment_sent' }),
      ev({ event: 'order.payment.completed', status: 'payment_sent' }),
    ];
    expect(toastTexts(payment)).toEqual(['Заказ №12: Оплачено']);
  });

  it('names client updates and payments on their own, and keeps quiet about test webhooks', () => {
    expect(toastTexts([ev({ event: 'order.client.updated', status: 'client_expected' })])).toEqual([
      'Заказ №12: покупатель заполнил данные',
    ]);
    expect(toastTexts([ev({ event: 'order.payment.completed' })])).toEqual(['Заказ №12: оплата получена']);
    expect(
      toastTexts([ev({ event: 'webhook.test', order_id: null, order_number: null, status: null })]),
    ).toEqual([]);
  });

  it('names a return, and a cancellation by its status', () => {
    expect(toastTexts([ev({ event: 'order.refund.created', status: 'payment_sent' })])).toEqual([
      'Заказ №12: оформлен возврат',
    ]);
    expect(toastTexts([ev({ status: 'cancelled', previous_status: 'client_expected' })])).toEqual([
      'Заказ №12: Заказ отменён',
    ]);
  });

  it('announces a new order (the API, the widget or the shop area made it)', () => {
    const created = ev({ event: 'order.created', status: 'client_expected', previous_status: null });
    expect(toastTexts([created])).toEqual(['Новый заказ №12']);
  });

  it('sums up a burst of many orders after the first two', () => {
    const burst = ['1', '2', '3', '4', '5'].map((n) => ev({ order_id: `o${n}`, order_number: n }));
    expect(toastTexts(burst)).toEqual([
      'Заказ №1: Банк одобрил заявку',
      'Заказ №2: Банк одобрил заявку',
      'Изменения ещё в 3 заказах',
    ]);
    expect(toastTexts(burst.slice(0, 3))).toHaveLength(3);
  });
});

describe('what a burst makes stale', () => {
  it('the list, statistics, each order, its history and returns, and the webhook log', () => {
    expect(staleKeys([ev({ order_id: 'a' }), ev({ order_id: 'b' }), ev({ order_id: 'a' })])).toEqual([
      ['orders'],
      ['shop-stats'],
      ['order', 'a'],
      ['order-history', 'a'],
      ['order-refunds', 'a'],
      ['order', 'b'],
      ['order-history', 'b'],
      ['order-refunds', 'b'],
      ['webhook-deliveries'],
    ]);
  });

  it('a new order refreshes the list and statistics', () => {
    expect(staleKeys([ev({ event: 'order.created', order_id: 'n' })])).toEqual([
      ['orders'],
      ['shop-stats'],
      ['order', 'n'],
      ['order-history', 'n'],
      ['order-refunds', 'n'],
      ['webhook-deliveries'],
    ]);
  });

  it('a test webhook only refreshes the webhook log', () => {
    expect(staleKeys([ev({ event: 'webhook.test', order_id: null })])).toEqual([['webhook-deliveries']]);
    expect(staleKeys([])).toEqual([]);
  });
});

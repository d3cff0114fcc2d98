import { DEMO_SHOP, EXAMPLE_CLIENT, formatDateTime, type Order, parseTypedRubles } from '@b2bpay/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, renderRoute } from '../../../test/render';
import { cancelConsequences } from './cancel-order-action';
import OrderDetailsPage from './order-details-page';
import { parseRublesInput } from './refund-action';

const SHOP = DEMO_SHOP.id;
const ID = '7a1b2c3d-0000-4000-8000-00000000abce';

const BASE: Order = {
  id: ID,
  shop_id: SHOP,
  order_number: '14',
  status: 'client_expected',
  version: 1,
  link: `https://pay.example/client/${ID}`,
  amount: 901,
  products: [{ id: 1, name: 'Бумага', price: 450.5, quantity: 2 }],
  client: null,
  created_at: '2026-11-22T10:00:00Z',
  updated_at: '2026-11-22T10:10:00Z',
  livemode: false,
  webhook_url: null,
  external_id: null,
  metadata: {},
  refunded_amount: 0,
  payout: null,
};

/** The page over a small fake API whose order changes with the calls made. */
function open(initial: Order) {
  let order = initial;
  const refunds: unknown[] = [];
  const calls = mockFetch((call) => {
    const url = new URL(call.url, 'http://x');
    if (url.pathname === `/api/order/orders/${ID}`) return json(order);
    if (url.pathname === `/api/order/orders/${ID}/history`) return json([]);
    if (url.pathname === '/api/webhooks/deliveries') return json({ items: [], count: 0, has_more: false });
    if (url.pathname === `/api/order/orders/${ID}/cancel`) {
      order = { ...order, status: 'cancelled' };
      return json(order);
    }
    if (url.pathname === `/api/order/orders/${ID}/refunds` && call.method === 'POST') {
      const body = call.body as { amount: number; reason: string };
      const refund = { id: 'r1', order_id: ID, products: [], created_at: '2026-11-22T11:00:00Z', ...body };
      refunds.push(refund);
      order = { ...order, refunded_amount: body.amount };
      return json(refund);
    }
    if (url.pathname === `/api/order/orders/${ID}/refunds`) return json({ items: refunds });
    return json({ detail: 'нет', error: { code: 'NOT_FOUND', message: 'нет' } }, 404);
  });
  renderRoute(<OrderDetailsPage />, {
    path: '/shops/:shopId/orders/:orderId',
    url: `/shops/${SHOP}/orders/${ID}?token=${DEMO_SHOP.secretKey}`,
  });
  return calls;
}

// Typing into dialogs takes a few seconds on a loaded machine: these two get more than the default 5 s.
describe('cancel and refunds on the order page', { timeout: 30_000 }, () => {
  it('cancels after a confirmation with the reason, then offers no cancel any more', async () => {
    const calls = open(BASE);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Отменить заказ' }));
    const dialog = screen.getByRole('dialog', { name: 'Отменить заказ №14?' });
    await user.type(within(dialog).getByLabelText('Причина (необязательно)'), 'Нет на складе');
    await user.click(within(dialog).getByRole('button', { name: 'Отменить заказ' }));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Отменить заказ' })).not.toBeInTheDocument(),
    );
    const cancel = calls.find((c) => c.url.endsWith('/cancel'));
    expect(cancel?.method).toBe('POST');
    expect(cancel?.body).toEqual({ reason: 'Нет на складе' });
    expect(await screen.findAllByText('Заказ отменён')).not.toHaveLength(0);
    // The button that had the focus is gone: the page's heading has it, not the document's body.
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Заказ №14' })).toHaveFocus());
  });

  it('shows the offer the buyer signed, with the buyer’s fee, and the shop’s own fee still 0 ₽', async () => {
    open({
      ...BASE,
      status: 'payment_sent',
      accepted_offer: {
        id: '6f1c1d7e-3b0a-4c55-9e2f-1a2b3c4d5e02',
        bank: 'volga',
        bank_name: 'Волга Банк',
        kind: 'instalments',
        term_days: null,
        term_months: 6,
        fee: 54.06,
        total: 955.06,
        monthly_payment: 159.18,
        valid_until: '2026-11-29T20:59:59Z',
        accepted_at: '2026-11-22T10:15:00Z',
      },
      payout: { bank: 'volga', amount: 901, fee: 0, reference: 'VOLGA-7', paid_at: '2026-11-22T10:20:00Z' },
    });
    const offer = await screen.findByTestId('accepted-offer');
    expect(screen.getByRole('heading', { name: 'Покупатель выбрал' })).toBeInTheDocument();
    const field = (label: string) => within(offer).getByText(label).nextSibling?.textContent;
    expect(field('Банк')).toBe('Волга Банк');
    expect(field('Условия')).toBe('Рассрочка на 6 месяцев');
    expect(field('Комиссия покупателя')).toBe('54,06\u00a0₽');
    expect(field('Подписано')).toBe(formatDateTime('2026-11-22T10:15:00Z'));
    const payout = screen.getByTestId('payout');
    expect(within(payout).getByText('Комиссия магазина').nextSibling?.textContent).toBe('0,00\u00a0₽');
    expect(within(payout).getByText('Выплачено магазину').nextSibling?.textContent).toBe('901,00\u00a0₽');
  });

  it('shows no chosen offer before the buyer signs one', async () => {
    open({ ...BASE, status: 'app_approved', accepted_offer: null });
    await screen.findByRole('heading', { name: 'Решения банков' });
    expect(screen.queryByTestId('accepted-offer')).not.toBeInTheDocument();
  });

  it('returns part of a paid order by amount, with the payout shown', async () => {
    const calls = open({
      ...BASE,
      status: 'payment_sent',
      payout: {
        bank: 'sever',
        amount: 901,
        fee: 0,
        reference: 'SEVER-000123',
        paid_at: '2026-11-22T10:20:00Z',
      },
    });
    const user = userEvent.setup();
    const payout = await screen.findByTestId('payout');
    expect(payout).toHaveTextContent('SEVER-000123');
    expect(payout).toHaveTextContent('Банк «Северный Кредит»');
    expect(screen.queryByRole('button', { name: 'Отменить заказ' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Оформить возврат' }));
    const dialog = screen.getByRole('dialog', { name: 'Возврат по заказу №14' });
    await user.click(within(dialog).getByLabelText('Часть суммы'));
    await user.type(within(dialog).getByLabelText('Сумма возврата'), '1000');
    await user.click(within(dialog).getByRole('button', { name: 'Оформить возврат' }));
    expect(within(dialog).getByText('Укажите причину возврата')).toBeInTheDocument();
    expect(within(dialog).getByText(/Вернуть можно не больше/)).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText('Сумма возврата'));
    await user.type(within(dialog).getByLabelText('Сумма возврата'), '450,50');
    await user.type(within(dialog).getByLabelText('Причина возврата'), 'Одна пачка вернулась');
    await user.click(within(dialog).getByRole('button', { name: 'Оформить возврат' }));
    await waitFor(() => expect(screen.getByTestId('refunds')).toHaveTextContent('Одна пачка вернулась'));
    const post = calls.find((c) => c.url.endsWith('/refunds') && c.method === 'POST');
    expect(post?.body).toEqual({ amount: 450.5, reason: 'Одна пачка вернулась' });
    expect(post?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('the refund dialog asks before returning everything', { timeout: 30_000 }, () => {
  const PAID: Order = { ...BASE, status: 'payment_sent' };
  const posts = (calls: ReturnType<typeof open>) =>
    calls.filter((c) => c.method === 'POST' && c.url.endsWith('/refunds'));

  it('opens with nothing chosen and asks to choose', async () => {
    const calls = open(PAID);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Оформить возврат' }));
    const dialog = screen.getByRole('dialog', { name: 'Возврат по заказу №14' });
    for (const radio of within(dialog).getAllByRole('radio')) expect(radio).not.toBeChecked();
    await user.type(within(dialog).getByLabelText('Причина возврата'), 'Брак');
    await user.click(within(dialog).getByRole('button', { name: 'Оформить возврат' }));
    expect(within(dialog).getByText('Выберите, что вернуть')).toBeInTheDocument();
    expect(posts(calls)).toHaveLength(0);
  });

  it('returns the whole rest only after a second, destructive confirmation; «Назад» keeps the form', async () => {
    const calls = open(PAID);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Оформить возврат' }));
    const dialog = screen.getByRole('dialog', { name: 'Возврат по заказу №14' });
    await user.click(within(dialog).getByLabelText(/^Весь остаток/));
    await user.type(within(dialog).getByLabelText('Причина возврата'), 'Вернули всё');
    // A double-click passes the first step only: its second click does not confirm the second.
    await user.dblClick(within(dialog).getByRole('button', { name: 'Оформить возврат' }));
    expect(within(dialog).getByText(/^Это весь остаток по заказу — 901,00\s₽\./)).toBeInTheDocument();
    expect(posts(calls)).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Назад' }));
    expect(within(dialog).getByLabelText('Причина возврата')).toHaveValue('Вернули всё');
    expect(within(dialog).getByLabelText(/^Весь остаток/)).toBeChecked();
    expect(posts(calls)).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Оформить возврат' }));
    // The question takes the focus: it is read out, and a second Enter does not confirm it.
    expect(within(dialog).getByText(/^Это весь остаток по заказу/)).toHaveFocus();
    const returnAll = within(dialog).getByRole('button', { name: /^Вернуть 901,00\s₽$/ });
    expect(returnAll.className).toContain('bg-red-700');
    await user.click(returnAll);
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]?.body).toEqual({ amount: 901, reason: 'Вернули всё' });
  });

  it('asks too when the amount typed is the whole rest', async () => {
    const calls = open(PAID);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Оформить возврат' }));
    const dialog = screen.getByRole('dialog', { name: 'Возврат по заказу №14' });
    await user.click(within(dialog).getByLabelText('Часть суммы'));
    await user.type(within(dialog).getByLabelText('Сумма возврата'), '901');
    await user.type(within(dialog).getByLabelText('Причина возврата'), 'Всё');
    await user.click(within(dialog).getByRole('button', { name: 'Оформить возврат' }));
    expect(within(dialog).getByRole('button', { name: /^Вернуть 901,00\s₽$/ })).toBeInTheDocument();
    expect(posts(calls)).toHaveLength(0);
  });
});

describe('the cancel dialog says what will happen', { timeout: 30_000 }, () => {
  it('before the application: no banks, no letter; the confirm button is destructive', async () => {
    open(BASE);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Отменить заказ' }));
    const dialog = screen.getByRole('dialog', { name: 'Отменить заказ №14?' });
    expect(dialog).toHaveTextContent('Покупатель ещё не отправил заявку в банки.');
    expect(dialog).not.toHaveTextContent(/Банки отзовут|письм/);
    expect(within(dialog).getByRole('button', { name: 'Отменить заказ' }).className).toContain('bg-red-700');
  });

  it('after the application: the banks withdraw it and the buyer gets a letter', async () => {
    open({ ...BASE, status: 'bank_info_expected', client: EXAMPLE_CLIENT });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Отменить заказ' }));
    const dialog = screen.getByRole('dialog', { name: 'Отменить заказ №14?' });
    expect(dialog).toHaveTextContent(
      'Банки отзовут заявку покупателя, а ему придёт письмо об отмене. Отмену нельзя вернуть.',
    );
  });

  it.each([
    ['client_expected', EXAMPLE_CLIENT, /^Покупатель ещё не отправил/],
    ['client_info_overdue', null, /^Покупатель ещё не отправил/],
    ['app_approved', EXAMPLE_CLIENT, /^Банки отзовут заявку покупателя, а ему придёт письмо/],
    ['app_approved', { ...EXAMPLE_CLIENT, email: null }, /^Банки отзовут заявку покупателя\.$/],
  ] as const)('%s → %s', (status, client, text) => {
    expect(cancelConsequences({ status, client })).toMatch(text);
  });
});

describe('a return by items', { timeout: 30_000 }, () => {
  it('reads quantities with the domain parser: a fraction is refused, whole items are returned', async () => {
    const calls = open({ ...BASE, status: 'payment_sent' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Оформить возврат' }));
    const dialog = screen.getByRole('dialog', { name: 'Возврат по заказу №14' });
    await user.click(within(dialog).getByLabelText('По товарам'));
    const quantity = within(dialog).getByLabelText(/^Бумага \(450,50\s₽, можно вернуть 2 шт\.\)$/);
    await user.type(quantity, '1,5');
    await user.type(within(dialog).getByLabelText('Причина возврата'), 'Одна пачка');
    await user.click(within(dialog).getByRole('button', { name: 'Оформить возврат' }));
    expect(within(dialog).getByText('Количество — целое число штук')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('/refunds'))).toBe(false);

    await user.clear(quantity);
    await user.type(quantity, '3');
    await user.click(within(dialog).getByRole('button', { name: 'Оформить возврат' }));
    expect(within(dialog).getByText(/^Вернуть можно не больше 901,00\s₽$/)).toBeInTheDocument();

    await user.clear(quantity);
    await user.type(quantity, ' 1 ');
    expect(within(dialog).getByText(/К возврату: 450,50\s₽/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Оформить возврат' }));
    await waitFor(() => expect(screen.getByTestId('refunds')).toHaveTextContent('Одна пачка'));
    const post = calls.find((c) => c.url.endsWith('/refunds') && c.method === 'POST');
    expect(post?.body).toEqual({
      amount: 450.5,
      reason: 'Одна пачка',
      products: [{ product_id: 1, quantity: 1 }],
    });
  });
});

describe('parseRublesInput', () => {
  it('is the domain parser itself, not a second one', () => {
    expect(parseRublesInput).toBe(parseTypedRubles);
  });

  it.each([
    ['1500,50', 150050],
    ['1 500.5', 150050],
    ['0,1', 10],
    ['', null],
    ['abc', null],
    ['1,234', null],
    // The one parser of typed roubles (packages/domain money.ts), the Russian forms included.
    ['350,10', 35010],
    ['350.10', 35010],
    ['1 234,50', 123450],
    ['1\u00a0234,50', 123450],
    ['1\u202f234,50', 123450],
    ['12 34,50', null],
    ['-5', null],
    ['1,5,0', null],
  ])('%j → %j', (text, kopecks) => {
    expect(parseRublesInput(text)).toBe(kopecks);
  });
});

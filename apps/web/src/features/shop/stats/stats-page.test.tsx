import { DEMO_SHOP, type Stats } from '@b2bpay/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, type MockCall, mockFetch, renderRoute } from '../../../test/render';
import { addDays, moscowToday, PERIOD_TOO_LONG } from './stats-model';
import StatsPage from './stats-page';

const SHOP = DEMO_SHOP.id;
const TOKEN = DEMO_SHOP.secretKey;

function stats(overrides: Partial<Stats> = {}): Stats {
  return {
    date_from: '2026-03-01',
    date_to: '2026-03-03',
    orders: 6,
    amount: 38_535,
    average_amount: 6422.5,
    approval_rate: 0.5,
    by_status: [
      { status: 'client_expected', orders: 3, amount: 30_531 },
      { status: 'app_rejected', orders: 1, amount: 2501 },
      { status: 'payment_sent', orders: 2, amount: 5503 },
    ],
    funnel: { created: 6, link_opened: 4, submitted: 3, approved: 2, paid: 2 },
    decisions: { approved: 2, rejected: 1 },
    paid: { orders: 2, amount: 5503, refunded_orders: 0, refunded_amount: 0, net_amount: 5503 },
    daily: [
      { date: '2026-03-01', orders: 1, paid_orders: 0, paid_amount: 0, refunded_amount: 0 },
      { date: '2026-03-02', orders: 0, paid_orders: 0, paid_amount: 0, refunded_amount: 0 },
      { date: '2026-03-03', orders: 5, paid_orders: 2, paid_amount: 5503, refunded_amount: 0 },
    ],
    ...overrides,
  };
}

function open(search: string, answer: (call: MockCall) => Response = () => json(stats())) {
  const calls = mockFetch(answer);
  const view = renderRoute(<StatsPage />, {
    path: '/shops/:shopId/stats',
    url: `/shops/${SHOP}/stats?token=${TOKEN}${search ? `&${search}` : ''}`,
  });
  const params = () => new URL(calls.at(-1)?.url ?? '', 'http://x').searchParams;
  return { ...view, calls, params };
}

describe('statistics page', () => {
  it('asks for the last 30 Moscow days with the key and shows the totals', async () => {
    const { calls, params } = open('');
    const totals = await screen.findByRole('region', { name: 'Итоги периода' });
    const today = moscowToday();
    expect(calls[0]?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(params().get('date_to')).toBe(today);
    expect(params().get('date_from')).toBe(addDays(today, -29));
    expect(within(totals).getByText('6')).toBeInTheDocument();
    expect(within(totals).getByText('38 535,00 ₽')).toBeInTheDocument();
    expect(within(totals).getByText('6 422,50 ₽')).toBeInTheDocument();
    expect(within(totals).getByText('50 %')).toBeInTheDocument();
    expect(within(totals).getByText('одобрено 2 из 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '30 дней' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('shows orders by status, the funnel with percentages and an accessible daily chart', async () => {
    open('');
    const funnel = (await screen.findByRole('heading', { name: 'Воронка' })).closest('section');
    if (!funnel) throw new Error('no funnel');
    expect(within(funnel).getByText('50 % от созданных · 75 % от предыдущего шага')).toBeInTheDocument();
    expect(within(funnel).getByText('33,3 % от созданных · 100 % от предыдущего шага', { exact: false }));

    const byStatus = screen.getByRole('heading', { name: 'Заказы по статусам' }).closest('section');
    if (!byStatus) throw new Error('no statuses');
    expect(within(byStatus).getByText('Ожидаем данные клиента')).toBeInTheDocument();
    expect(within(byStatus).getByText('3 заказа')).toBeInTheDocument();
    expect(within(byStatus).getByText('Истёк срок заполнения')).toBeInTheDocument();

    const chart = screen.getByRole('img', { name: /^Заказы по дням/ });
    expect(chart).toHaveAccessibleName(
      'Заказы по дням с 01.03.2026 по 03.03.2026: 6 заказов. Больше всего — 03.03.2026: 5 заказов.',
    );
    expect(screen.getByRole('img', { name: /^Оплачено по дням/ })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Заказы и оплаты по дням' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(rows[3]).toHaveTextContent('03.03.2026525 503,00 ₽0,00 ₽');
  });

  it('labels the axes with whole counts and with roubles, never «0 / 0,5 / 1»', async () => {
    /** The value axis' labels of a chart (the dates run along the bottom). */
    const axis = (name: RegExp) =>
      [...screen.getByRole('img', { name }).querySelectorAll('text')]
        .filter(
          (label) =>
            label.getAttribute('y') !== label.closest('svg')?.getAttribute('height') &&
            label.getAttribute('dy'),
        )
        .map((label) => label.textContent?.replace(/\u00a0/g, ' '));
    const first = open('');
    await screen.findByRole('img', { name: /^Оплачено по дням/ });
    expect(axis(/^Заказы по дням/)).toEqual(['0', '5']);
    expect(axis(/^Оплачено по дням/)).toEqual(['0 ₽', '5 тыс. ₽', '10 тыс. ₽']);
    first.unmount();

    // One order and nothing paid: the axes end at 1 with nothing between.
    const quiet = stats({
      daily: [
        { date: '2026-03-01', orders: 1, paid_orders: 0, paid_amount: 0, refunded_amount: 0 },
        { date: '2026-03-02', orders: 0, paid_orders: 0, paid_amount: 0, refunded_amount: 0 },
      ],
    });
    open('', () => json(quiet));
    await screen.findByRole('img', { name: /^Оплачено по дням/ });
    expect(axis(/^Заказы по дням/)).toEqual(['0', '1']);
    expect(axis(/^Оплачено по дням/)).toEqual(['0 ₽', '1 ₽']);
  });

  it('keeps approvals and sales after refunds: decisions as the API counts them, turnover apart', async () => {
    const refunded = stats({
      approval_rate: 0.75,
      // Two paid orders were returned: one in full (its status is refunded now), one in part.
      by_status: [
        { status: 'app_approved', orders: 1, amount: 1000 },
        { status: 'app_rejected', orders: 1, amount: 2501 },
        { status: 'refunded', orders: 1, amount: 23_980 },
        { status: 'payment_sent', orders: 1, amount: 20_000 },
      ],
      funnel: { created: 4, link_opened: 4, submitted: 4, approved: 3, paid: 2 },
      decisions: { approved: 3, rejected: 1 },
      paid: {
        orders: 2,
        amount: 43_980,
        refunded_orders: 2,
        refunded_amount: 28_980.5,
        net_amount: 14_999.5,
      },
    });
    open('', () => json(refunded));
    const totals = await screen.findByRole('region', { name: 'Итоги периода' });
    expect(within(totals).getByText('75 %')).toBeInTheDocument();
    expect(within(totals).getByText('одобрено 3 из 4')).toBeInTheDocument();
    expect(within(totals).getByText('оплачено 43 980,00 ₽, возвращено 28 980,50 ₽')).toBeInTheDocument();
    expect(screen.getByTestId('turnover-paid')).toHaveTextContent('43 980,00 ₽');
    expect(screen.getByTestId('turnover-refunded')).toHaveTextContent('−28 980,50 ₽');
    expect(screen.getByTestId('turnover-net')).toHaveTextContent('14 999,50 ₽');
    expect(screen.getByTestId('funnel-approved')).toHaveTextContent('3');
    expect(screen.getByTestId('funnel-paid')).toHaveTextContent('2');
  });

  it('switches to a preset period through the address', async () => {
    const { params, router } = open('');
    await screen.findByRole('heading', { name: 'Воронка' });
    await userEvent.click(screen.getByRole('button', { name: '7 дней' }));
    expect(router.state.location.search).toBe('?days=7');
    expect(await screen.findByRole('button', { name: '7 дней', pressed: true })).toBeInTheDocument();
    expect(params().get('date_from')).toBe(addDays(moscowToday(), -6));
  });

  it('a custom range from the address is sent as it is', async () => {
    const { params } = open('from=2026-01-01&to=2026-01-31');
    await screen.findByRole('heading', { name: 'Воронка' });
    expect(params().get('date_from')).toBe('2026-01-01');
    expect(params().get('date_to')).toBe('2026-01-31');
    expect(screen.getByText(/^01\.01\.2026 – 31\.01\.2026/)).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: /^Выбрать даты: 01\.01\.2026 – 31\.01\.2026/ }),
    ).toBeInTheDocument();
  });

  it('says when the period has no orders', async () => {
    open('', () => json(stats({ orders: 0, by_status: [], approval_rate: null })));
    expect(await screen.findByText('За этот период заказов нет.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Создать заказ' })).toHaveAttribute(
      'href',
      `/shops/${SHOP}/generate-qr`,
    );
  });

  it('shows the error with a retry', async () => {
    let calls = 0;
    open('', () => {
      calls += 1;
      return calls === 1
        ? json({ detail: 'Сбой сервера', error: { code: 'INTERNAL_ERROR', message: 'Сбой сервера' } }, 500)
        : json(stats());
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Не удалось загрузить статистику: Сбой сервера',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByRole('heading', { name: 'Воронка' })).toBeInTheDocument();
  });

  it('refuses a period longer than 366 days without asking the server', async () => {
    const { calls } = open('from=2024-01-01&to=2026-01-01');
    expect(await screen.findByRole('alert')).toHaveTextContent(PERIOD_TOO_LONG);
    expect(calls).toHaveLength(0);
  });
});

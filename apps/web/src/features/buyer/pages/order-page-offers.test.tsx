import type { Order } from '@b2bpay/domain';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, type MockCall, mockFetch, renderRoute } from '../../../test/render';
import { PAID_TEXT, SIGNED_TEXT } from '../components/offers-panel';
import { OFFERS_LAPSED_TEXT } from '../model/status-wording';
import {
  apiError,
  apiErrorCode,
  approvedOrder,
  type BuyerApiHandlers,
  buyerApi,
  INSTALMENTS,
  makeOffer,
  ORDER_ID,
  signed,
} from '../testing/fixtures';
import OrderPage from './order-page';

const NBSP = '\u00a0';
// 12:00 in Moscow on 27 November 2026: the day the schedules of offers still to choose start from.
const NOW = new Date('2026-11-27T09:00:00.000Z');
const DEFERRAL = makeOffer();

beforeEach(() => {
  vi.useFakeTimers({ now: NOW, shouldAdvanceTime: true });
});

/** The order page over a server whose order can change (a signature answers with the new one). */
function open(first: Order, handlers: BuyerApiHandlers = {}) {
  let order = first;
  const calls = mockFetch(buyerApi({ order: () => json(order), ...handlers }));
  renderRoute(<OrderPage />, { path: '/client/:orderId', url: `/client/${ORDER_ID}` });
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  return {
    calls,
    user,
    setOrder: (next: Order) => {
      order = next;
    },
  };
}

const posts = (calls: MockCall[], action: 'code' | 'accept') =>
  calls.filter((c) => c.method === 'POST' && c.url.endsWith(`/${action}`));
const orderReads = (calls: MockCall[]) =>
  calls.filter((c) => c.method === 'GET' && c.url.startsWith(`/api/order/orders/${ORDER_ID}`));
const cards = () => screen.getAllByTestId('offer-card');
const chooseButton = (bank: string) => {
  const card = cards().find((c) => within(c).queryByText(bank));
  if (!card) throw new Error(`no card of ${bank}`);
  return within(card).getByRole('button', { name: 'Выбрать' });
};
const codeInput = () => screen.getByLabelText('Код из SMS');

describe('the buyer’s order page with the banks’ offers', () => {
  it('lists each offer: bank, terms, fee, total, the monthly payment and schedule, the last day', async () => {
    open(approvedOrder());
    expect(
      await screen.findByRole('heading', { name: 'Банк одобрил заявку — выберите условия' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Предложения банков' })).toBeInTheDocument();
    const [deferral, instalments] = cards();
    if (!deferral || !instalments) throw new Error('two cards expected');

    expect(within(deferral).getByText('Банк «Северный Кредит»')).toBeInTheDocument();
    expect(within(deferral).getByRole('heading', { name: 'Отсрочка на 30 дней' })).toBeInTheDocument();
    expect(within(deferral).getByText('Комиссия').nextSibling?.textContent).toBe(`90,10${NBSP}₽`);
    expect(within(deferral).getByText('Всего к оплате').nextSibling?.textContent).toBe(
      `4${NBSP}595,10${NBSP}₽`,
    );
    expect(within(deferral).getByTestId('offer-schedule')).toHaveTextContent('Срок оплаты банку: 27.12.2026');
    expect(within(deferral).getByText('Действует до 04.12.2026')).toBeInTheDocument();
    expect(within(deferral).queryByText('Ежемесячный платёж')).not.toBeInTheDocument();

    expect(within(instalments).getByRole('heading', { name: 'Рассрочка на 6 месяцев' })).toBeInTheDocument();
    expect(within(instalments).getByText('Ежемесячный платёж').nextSibling?.textContent).toBe(
      `795,89${NBSP}₽`,
    );
    expect(within(instalments).getByText('Всего к оплате').nextSibling?.textContent).toBe(
      `4${NBSP}775,30${NBSP}₽`,
    );
    const rows = within(within(instalments).getByTestId('offer-schedule')).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      `27.12.2026795,89${NBSP}₽`,
      `27.01.2027795,89${NBSP}₽`,
      `27.02.2027795,89${NBSP}₽`,
      `27.03.2027795,89${NBSP}₽`,
      `27.04.2027795,89${NBSP}₽`,
      `27.05.2027795,85${NBSP}₽`,
    ]);
    // The button says which offer it chooses to a screen reader.
    expect(chooseButton('Волга Банк')).toHaveAccessibleDescription('Волга Банк Рассрочка на 6 месяцев');
  });

  it('chooses an offer: a code to the confirmed phone, the offer’s text, then signs it and shows it signed', async () => {
    const { calls, user, setOrder } = open(approvedOrder(), {
      offerAccept: (call) => {
        const next = approvedOrder({ offers: [], accepted_offer: signed(INSTALMENTS) });
        setOrder(next);
        return call.body && (call.body as { sms_code_input?: string }).sms_code_input === '123456'
          ? json(next)
          : apiError(400, 'Неверный код. Осталось попыток: 4', 'sms_code_input');
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Выбрать', description: /Волга Банк/ }));

    expect(await screen.findByRole('heading', { name: 'Подписание предложения' })).toBeInTheDocument();
    expect(posts(calls, 'code')).toEqual([
      expect.objectContaining({
        url: `/api/order/orders/${ORDER_ID}/offers/${INSTALMENTS.id}/code`,
        body: { client_id: 77 },
      }),
    ]);
    const text = screen.getByTestId('offer-text');
    expect(text).toHaveTextContent(
      'Волга Банк оплачивает магазину «Демо-магазин «Офис и склад»» заказ № 1042',
    );
    expect(text).toHaveTextContent('ежемесячный платёж 795,89');
    expect(screen.getByText(/Код из SMS отправлен на/)).toHaveTextContent(
      'Код из SMS отправлен на +7 916 ***-**-67',
    );
    expect(codeInput()).toHaveFocus();
    expect(codeInput()).toHaveAttribute('autocomplete', 'one-time-code');
    expect(screen.getByRole('button', { name: 'Повторно через 60 с' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );

    // A wrong code: the server's words under the field, which keeps the focus.
    await user.type(codeInput(), '65 43 21');
    expect(codeInput()).toHaveValue('654321');
    await user.click(screen.getByRole('button', { name: 'Подписать' }));
    expect(await screen.findByText('Неверный код. Осталось попыток: 4')).toBeInTheDocument();
    expect(codeInput()).toHaveAttribute('aria-invalid', 'true');
    expect(codeInput()).toHaveFocus();

    await user.clear(codeInput());
    expect(screen.queryByText('Неверный код. Осталось попыток: 4')).not.toBeInTheDocument();
    await user.type(codeInput(), '123456');
    await user.click(screen.getByRole('button', { name: 'Подписать' }));

    expect(await screen.findByTestId('offer-signed')).toHaveTextContent(
      'Предложение подписано 27.11.2026 12:30',
    );
    expect(posts(calls, 'accept').at(-1)).toMatchObject({
      url: `/api/order/orders/${ORDER_ID}/offers/${INSTALMENTS.id}/accept`,
      body: { client_id: 77, sms_code_input: '123456' },
    });
    expect(screen.getByTestId('status-text')).toHaveTextContent(SIGNED_TEXT);
    expect(screen.getByRole('heading', { name: 'Рассрочка на 6 месяцев' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Выбрать' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Статус заказа' })).toHaveFocus();
  });

  it('asks for the code before signing, and goes back to the list without asking again', async () => {
    const { calls, user } = open(approvedOrder());
    await user.click(await screen.findByRole('button', { name: 'Выбрать', description: /Северный/ }));
    await screen.findByRole('heading', { name: 'Подписание предложения' });
    await user.click(screen.getByRole('button', { name: 'Подписать' }));
    expect(codeInput()).toHaveAccessibleDescription('Введите код из SMS');
    await user.type(codeInput(), '123');
    await user.click(screen.getByRole('button', { name: 'Подписать' }));
    expect(codeInput()).toHaveAccessibleDescription('Код — 6 цифр');
    expect(codeInput()).toHaveFocus();
    expect(posts(calls, 'accept')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Выбрать другое предложение' }));
    expect(screen.getByRole('heading', { name: 'Банк одобрил заявку — выберите условия' })).toHaveFocus();
    // The code for that offer went out a moment ago: choosing it again opens its form without a new SMS.
    await user.click(chooseButton('Банк «Северный Кредит»'));
    await screen.findByRole('heading', { name: 'Подписание предложения' });
    expect(posts(calls, 'code')).toHaveLength(1);
  });

  it('sends the code again once the countdown is over, and waits the server’s Retry-After when too soon', async () => {
    let answer = () =>
      json({ phone_number: '+7 916 ***-**-67', resend_after_seconds: 60, expires_in_seconds: 600 });
    const { calls, user } = open(approvedOrder(), { offerCode: () => answer() });
    await user.click(await screen.findByRole('button', { name: 'Выбрать', description: /Северный/ }));
    const resend = await screen.findByRole('button', { name: 'Повторно через 60 с' });
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(resend).toHaveTextContent('Отправить код ещё раз');
    answer = () =>
      apiError(429, 'Повторно запросить код можно через 42 с.', undefined, { 'Retry-After': '42' });
    await user.click(resend);
    expect(await screen.findByText('Повторно запросить код можно через 42 с.')).toBeInTheDocument();
    expect(resend).toHaveTextContent('Повторно через 42 с');
    expect(posts(calls, 'code')).toHaveLength(2);
  });

  it('sends the buyer back to the list, read again, when the chosen offer has lapsed', async () => {
    const { calls, user, setOrder } = open(approvedOrder(), {
      offerAccept: () => {
        setOrder(approvedOrder({ offers: [INSTALMENTS] }));
        return apiErrorCode(409, 'OFFER_UNAVAILABLE', 'Срок предложения истёк. Выберите другое предложение.');
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Выбрать', description: /Северный/ }));
    await user.type(await screen.findByLabelText('Код из SMS'), '123456');
    const readsBefore = orderReads(calls).length;
    await user.click(screen.getByRole('button', { name: 'Подписать' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Срок предложения истёк. Выберите другое предложение.',
    );
    expect(screen.getByRole('heading', { name: 'Банк одобрил заявку — выберите условия' })).toHaveFocus();
    await vi.waitFor(() => expect(cards()).toHaveLength(1));
    expect(orderReads(calls).length).toBeGreaterThan(readsBefore);
    expect(screen.getByRole('heading', { name: 'Рассрочка на 6 месяцев' })).toBeInTheDocument();
  });

  it('reads the order again and shows what is signed when another device signed first', async () => {
    const { user, setOrder } = open(approvedOrder(), {
      offerCode: () => {
        setOrder(
          approvedOrder({ offers: [], accepted_offer: signed(INSTALMENTS, '2026-11-27T09:10:00.000Z') }),
        );
        return apiErrorCode(409, 'OFFER_ALREADY_ACCEPTED', 'Предложение по этому заказу уже подписано');
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Выбрать', description: /Северный/ }));
    expect(await screen.findByTestId('offer-signed')).toHaveTextContent(
      'Предложение подписано 27.11.2026 12:10',
    );
    expect(screen.getByText('Предложение по этому заказу уже подписано')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Рассрочка на 6 месяцев' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Выбрать' })).not.toBeInTheDocument();
  });

  it('says when the code could not be sent for lack of a connection', async () => {
    const { user } = open(approvedOrder(), {
      offerCode: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    await user.click(await screen.findByRole('button', { name: 'Выбрать', description: /Северный/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Не удалось отправить код: нет связи с сервером. Проверьте интернет и попробуйте ещё раз.',
    );
    expect(screen.queryByRole('heading', { name: 'Подписание предложения' })).not.toBeInTheDocument();
  });

  it('shows the signed offer of an approved order, waiting for the bank’s payment', async () => {
    open(approvedOrder({ offers: [], accepted_offer: signed(DEFERRAL) }));
    expect(await screen.findByTestId('offer-signed')).toHaveTextContent(
      'Предложение подписано 27.11.2026 12:30',
    );
    expect(screen.getByText('Банк одобрил заявку', { exact: true })).toBeInTheDocument();
    expect(screen.getByTestId('status-text')).toHaveTextContent(SIGNED_TEXT);
    expect(screen.queryByText(/Действует до/)).not.toBeInTheDocument();
  });

  it('shows a paid order’s offer with its schedule counted from the day it was signed', async () => {
    open(
      approvedOrder({
        status: 'payment_sent',
        offers: [],
        // Signed at 22:10 UTC on 10 November: already 11 November in Moscow.
        accepted_offer: signed(INSTALMENTS, '2026-11-10T22:10:00.000Z'),
      }),
    );
    expect(await screen.findByText('Оплачено')).toBeInTheDocument();
    expect(screen.getByTestId('offer-signed')).toHaveTextContent('Предложение подписано 11.11.2026 01:10');
    const rows = within(screen.getByTestId('offer-schedule')).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent?.slice(0, 10))).toEqual([
      '11.12.2026',
      '11.01.2027',
      '11.02.2027',
      '11.03.2027',
      '11.04.2027',
      '11.05.2027',
    ]);
    expect(screen.getByTestId('status-text')).toHaveTextContent(PAID_TEXT);
    // What was bought, from which bank, what is owed and where the schedule is, and the returns.
    const summary = screen.getByTestId('purchase-summary');
    expect(summary).toHaveTextContent('Вы купилиБумага офисная А4 на 4 505,00 ₽');
    expect(summary).toHaveTextContent('Оплатил банкВолга Банк: рассрочка на 6 месяцев, 795,89 ₽ в месяц');
    expect(screen.getByTestId('owed')).toHaveTextContent('4 775,30 ₽');
    expect(summary).toHaveTextContent('График платежей — в подписанном предложении ниже.');
    expect(screen.getByTestId('refund-text')).toHaveTextContent(/Если магазин оформит возврат/);
    expect(screen.queryByText(/Больше ничего делать не нужно/)).not.toBeInTheDocument();
  });

  it('after a partial return, says what is left to pay the bank: the offer’s total less the return', async () => {
    open(
      approvedOrder({
        status: 'payment_sent',
        offers: [],
        refunded_amount: 1000.1,
        accepted_offer: signed(INSTALMENTS),
      }),
    );
    expect(await screen.findByTestId('owed')).toHaveTextContent('3 775,20 ₽');
    expect(screen.getByTestId('refund-text')).toHaveTextContent(
      'Магазин оформил возврат на 1 000,10 ₽: банк уменьшил долг на эту сумму',
    );
    expect(screen.getByTestId('offer-schedule')).toBeInTheDocument();
  });

  it('keeps the bank, the offer and what is owed on an order the shop returned in full', async () => {
    open(
      approvedOrder({
        status: 'refunded',
        offers: [],
        refunded_amount: 4505,
        accepted_offer: signed(INSTALMENTS),
      }),
    );
    expect(await screen.findByText('Возврат оформлен')).toBeInTheDocument();
    // The buyer's fee is what is left: 4 775,30 − 4 505,00.
    expect(screen.getByTestId('owed')).toHaveTextContent('270,30 ₽');
    expect(screen.getByTestId('refund-text')).toHaveTextContent(
      'Магазин оформил возврат на всю сумму заказа, 4 505,00 ₽',
    );
    expect(screen.getByTestId('purchase-summary')).toHaveTextContent('Волга Банк');
    expect(screen.getByTestId('offer-card')).toBeInTheDocument();
  });

  it('says the offers lapsed, and the shop can create a new order', async () => {
    open(approvedOrder({ status: 'client_info_overdue', offers: undefined }));
    expect(await screen.findByTestId('status-text')).toHaveTextContent(OFFERS_LAPSED_TEXT);
    expect(OFFERS_LAPSED_TEXT).toMatch(/истёк.*новый заказ/);
    expect(screen.queryByTestId('offer-card')).not.toBeInTheDocument();
  });
});

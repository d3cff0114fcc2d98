import type { Order } from '@b2bpay/domain';
import { describe, expect, it } from 'vitest';
import { pagePartsFor, renderBuyerPage } from './buyer-server';
import { approvedOrder, makeClient, makeOrder, ORDER_ID, signed } from './features/buyer/testing/fixtures';

// The buyer's pages as the API renders them into the document (the server module of the build), and
// which pages of which orders it leaves to the browser.
const render = (path: string, order: Order, search = '') =>
  renderBuyerPage(`/client/${ORDER_ID}${path}`, search, { order, client_id: null, shop: null });

const STEP1_CLIENT = makeClient({
  surname: 'Петров',
  name: 'Пётр',
  inn: '7707083893',
  organization_name: 'ПАО «Сбербанк России»',
});

describe('the server render of the buyer pages', () => {
  it('renders the order page, waiting for the buyer’s touch while nothing moves', () => {
    const page = render('', makeOrder());
    expect(page?.html).toContain('Заказ №1042');
    expect(page?.html).toContain('Заполнить заявку');
    expect(page?.takeOverWhenIdle).toBe(false);
  });

  it('renders the banks’ offers with the approved order, to be taken over when its refresh is due', () => {
    const page = render('', approvedOrder());
    expect(page?.html).toContain('Банк одобрил заявку — выберите условия');
    expect(page?.html).toContain('Волга Банк');
    expect(page?.html).not.toContain('Загрузка предложений банков...');
    expect(page?.takeOverWhenIdle).toBe(true);
    expect(
      pagePartsFor(`/client/${ORDER_ID}`, { order: approvedOrder(), client_id: null, shop: null }),
    ).toEqual(['offers-panel']);
  });

  it('renders step 1 with the fields named as the app’s, filled with what the order knows', () => {
    const page = render('/apply', makeOrder({ client: makeClient({ surname: 'Петров' }) }));
    expect(page?.html).toContain('Данные организации');
    for (const name of ['surname', 'name', 'middlename', 'inn', 'organization'])
      expect(page?.html).toContain(`name="${name}"`);
    expect(page?.html).toMatch(/name="surname"[^>]*value="Петров"|value="Петров"[^>]*name="surname"/);
    expect(page?.takeOverWhenIdle).toBe(false);
    // An order past the buyer's part: the page shows that it is closed, the browser's way.
    expect(render('/apply', makeOrder({ status: 'bank_info_expected' }))).toBeNull();
  });

  it('renders step 2 only for an order whose step 1 is done (else the page sends the buyer back)', () => {
    expect(render('/apply/step2', makeOrder())).toBeNull();
    const page = render('/apply/step2', makeOrder({ client: STEP1_CLIENT }));
    expect(page?.html).toContain('Подтверждение контактов');
    expect(page?.html).toContain('name="phone"');
    expect(page?.html).toContain('name="email"');
    expect(page?.takeOverWhenIdle).toBe(false);
  });

  it('renders the success page of a sent application, refreshed while at the banks', () => {
    const atBanks = render('/success', makeOrder({ status: 'bank_info_expected', client: STEP1_CLIENT }));
    expect(atBanks?.html).toContain('Заявка успешно отправлена!');
    expect(atBanks?.takeOverWhenIdle).toBe(true);
    expect(render('/success', makeOrder({ status: 'app_rejected' }))?.takeOverWhenIdle).toBe(false);
    // Not sent yet, or past its time: the page redirects; paid: its summary is a lazy part.
    expect(render('/success', makeOrder())).toBeNull();
    expect(render('/success', makeOrder({ status: 'client_info_overdue' }))).toBeNull();
    const paid = approvedOrder({ status: 'payment_sent' });
    expect(
      render('/success', { ...paid, accepted_offer: signed(paid.offers?.[0] ?? ({} as never)) }),
    ).toBeNull();
  });

  it('renders nothing for a page it does not render or a record of another address', () => {
    expect(render('/faq', makeOrder())).toBeNull();
    expect(render('/support', makeOrder())).toBeNull();
    expect(render('', makeOrder(), '?client_id=77')).toBeNull();
    expect(
      renderBuyerPage('/client/another-order', '', { order: makeOrder(), client_id: null, shop: null }),
    ).toBeNull();
  });
});

import { render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { spyOnGoals } from '../../../test/goals';
import { mockFetch, renderRoute } from '../../../test/render';
import { BreakableEmail } from '../components/breakable-email';
import { markSubmitted } from '../model/application-store';
import {
  approvedOrder,
  buyerApi,
  INSTALMENTS,
  makeClient,
  makeOrder,
  ORDER_ID,
  STEP1_DONE,
  signed,
  storeForm,
} from '../testing/fixtures';
import SuccessPage, { DECIDED_TEXT, SCHEDULE_ON_ORDER_PAGE, SUCCESS_TITLE } from './success-page';

const reachGoal = spyOnGoals();

function open(order = makeOrder({ status: 'bank_info_expected' })) {
  mockFetch(buyerApi({ order }));
  return renderRoute(<SuccessPage />, {
    path: '/client/:orderId/success',
    url: `/client/${ORDER_ID}/success`,
  });
}

beforeEach(() => {
  sessionStorage.clear();
});

describe('buyer success page', () => {
  it('sends an order whose application was never sent to step 2, which sends on to step 1', async () => {
    open(makeOrder({ status: 'client_expected' }));
    expect(await screen.findByTestId('location')).toHaveTextContent(`/client/${ORDER_ID}/apply/step2`);
    expect(screen.queryByText(SUCCESS_TITLE)).not.toBeInTheDocument();
    expect(reachGoal).not.toHaveBeenCalled();
  });

  it('sends an overdue order to its order page', async () => {
    open(makeOrder({ status: 'client_info_overdue' }));
    expect(await screen.findByTestId('location')).toHaveTextContent(new RegExp(`^/client/${ORDER_ID}$`));
  });

  it('shows the masked address the server has when this tab did not send the application', async () => {
    storeForm(STEP1_DONE); // another order's leftovers do not matter; this tab has no sent record
    open(makeOrder({ status: 'bank_info_expected', client: makeClient({ email: 'b***r@example.ru' }) }));
    expect(await screen.findByRole('heading', { name: SUCCESS_TITLE })).toBeInTheDocument();
    expect(await screen.findByTestId('success-email')).toHaveTextContent(/^b\*\*\*r@example\.ru$/);
    expect(screen.queryByText(/указанную в заявке/)).not.toBeInTheDocument();
    // Preact runs effects after the paint, not within the render as React's test renderer does.
    await waitFor(() => expect(reachGoal).toHaveBeenCalledWith('SUCCESS_PAGE_VIEW'));
  });

  it('prefers the address typed in this tab', async () => {
    markSubmitted(ORDER_ID, 'buyer@example.ru');
    open(makeOrder({ status: 'app_approved', client: makeClient({ email: 'b***r@example.ru' }) }));
    expect(await screen.findByTestId('success-email')).toHaveTextContent(/^buyer@example\.ru$/);
  });
});

describe('the success page opened again after the bank has paid', () => {
  it('says what was bought, from which bank, what is owed and where the schedule is — not that banks are deciding', async () => {
    open(
      approvedOrder({
        status: 'payment_sent',
        offers: [],
        refunded_amount: 0,
        accepted_offer: signed(INSTALMENTS),
      }),
    );
    const summary = await screen.findByTestId('purchase-summary');
    expect(summary).toHaveTextContent('Бумага офисная А4');
    expect(summary).toHaveTextContent('Волга Банк: рассрочка на 6 месяцев, 795,89 ₽ в месяц');
    expect(screen.getByTestId('owed')).toHaveTextContent('4 775,30 ₽');
    expect(summary).toHaveTextContent(SCHEDULE_ON_ORDER_PAGE);
    expect(screen.getByTestId('refund-text')).toHaveTextContent(/Если магазин оформит возврат/);
    expect(screen.queryByText('Банки рассматривают заявку')).not.toBeInTheDocument();
  });

  it('mentions the return and lowers what is owed after a partial refund', async () => {
    open(
      approvedOrder({
        status: 'payment_sent',
        offers: [],
        refunded_amount: 505,
        accepted_offer: signed(INSTALMENTS),
      }),
    );
    expect(await screen.findByTestId('owed')).toHaveTextContent('4 270,30 ₽');
    expect(screen.getByTestId('refund-text')).toHaveTextContent('Магазин оформил возврат на 505,00 ₽');
  });

  it('sends the buyer to the order page once the banks answered, instead of the banks’ review', async () => {
    open(approvedOrder());
    expect(await screen.findByTestId('status-text')).toHaveTextContent(DECIDED_TEXT);
    expect(screen.queryByText('Банки рассматривают заявку')).not.toBeInTheDocument();
  });

  it('keeps the review steps while the banks decide', async () => {
    open();
    expect(await screen.findByText('Банки рассматривают заявку')).toBeInTheDocument();
    expect(screen.queryByTestId('purchase-summary')).not.toBeInTheDocument();
  });
});

describe('BreakableEmail', () => {
  it('offers line breaks only before the @ and the dots', () => {
    const { container } = render(
      <p>
        <BreakableEmail email="konstantin.konstantinopolsky@stroitelnaya-kompaniya.ru" />
      </p>,
    );
    const p = container.querySelector('p');
    expect(p?.textContent).toBe('konstantin.konstantinopolsky@stroitelnaya-kompaniya.ru');
    // <wbr> before ".konstantinopolsky", "@stroitelnaya-kompaniya" and ".ru".
    expect(p?.innerHTML).toBe('konstantin<wbr>.konstantinopolsky<wbr>@stroitelnaya-kompaniya<wbr>.ru');
  });
});

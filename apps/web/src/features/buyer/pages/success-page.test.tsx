import { render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { reachGoal } from '../../../shared/analytics/metrika';
import { mockFetch, renderRoute } from '../../../test/render';
import { BreakableEmail } from '../components/breakable-email';
import { markSubmitted } from '../model/application-store';
import { buyerApi, makeClient, makeOrder, ORDER_ID, STEP1_DONE, storeForm } from '../testing/fixtures';
import SuccessPage, { SUCCESS_TITLE } from './success-page';

vi.mock('../../../shared/analytics/metrika', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../shared/analytics/metrika')>()),
  reachGoal: vi.fn(),
}));

function open(order = makeOrder({ status: 'bank_info_expected' })) {
  mockFetch(buyerApi({ order }));
  return renderRoute(<SuccessPage />, {
    path: '/client/:orderId/success',
    url: `/client/${ORDER_ID}/success`,
  });
}

beforeEach(() => {
  sessionStorage.clear();
  vi.mocked(reachGoal).mockClear();
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

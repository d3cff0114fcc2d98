import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { spyOnGoals } from '../../../test/goals';
import { mockFetch, renderRoute } from '../../../test/render';
import { markSubmitted } from '../model/application-store';
import { buyerApi, makeOrder, ORDER_ID } from '../testing/fixtures';
import BuyerFaqPage from './buyer-faq-page';
import BuyerSupportPage from './buyer-support-page';
import SuccessPage from './success-page';

const reachGoal = spyOnGoals();

describe('success page', () => {
  it('shows the heading and the e-mail, fires SUCCESS_PAGE_VIEW once and leads back to the order', async () => {
    markSubmitted(ORDER_ID, 'buyer@example.ru');
    mockFetch(buyerApi({ order: makeOrder({ status: 'bank_info_expected' }) }));
    renderRoute(<SuccessPage />, { path: '/client/:orderId/success', url: `/client/${ORDER_ID}/success` });
    expect(screen.getByRole('heading', { level: 1, name: 'Заявка успешно отправлена!' })).toBeInTheDocument();
    expect(screen.getByTestId('success-email')).toHaveTextContent('buyer@example.ru');
    expect(screen.getByRole('link', { name: 'Вернуться к заказу' })).toHaveAttribute(
      'href',
      `/client/${ORDER_ID}`,
    );
    expect(await screen.findByText('Банк проверяет информацию')).toBeInTheDocument();
    // Preact runs effects after the paint, not within the render as React's test renderer does.
    await waitFor(() => expect(reachGoal).toHaveBeenCalledWith('SUCCESS_PAGE_VIEW'));
    expect(reachGoal).toHaveBeenCalledTimes(1);
  });
});

describe('buyer FAQ', () => {
  const open = (url: string, state?: unknown) => {
    mockFetch(buyerApi());
    return renderRoute(<BuyerFaqPage />, {
      path: url.startsWith('/client/faq') ? '/client/faq' : '/client/:orderId/faq',
      url,
      state,
    });
  };

  it('has the five questions, and several can be open at once', async () => {
    open(`/client/${ORDER_ID}/faq`);
    const user = userEvent.setup();
    const questions = screen.getAllByRole('heading', { level: 2 });
    expect(questions.map((q) => q.textContent)).toEqual([
      'Что означает статус заказа?',
      'Как заполнить заявку?',
      'Когда придёт решение?',
      'Можно ли оплатить заказ по счёту?',
      'Куда обратиться за помощью?',
    ]);
    const status = screen.getByRole('button', { name: 'Что означает статус заказа?' });
    const decision = screen.getByRole('button', { name: 'Когда придёт решение?' });
    await user.click(status);
    await user.click(decision);
    expect(status).toHaveAttribute('aria-expanded', 'true');
    expect(decision).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Банк одобрил заявку')).toBeVisible();
    expect(screen.getByText(/в течение 1 рабочего дня/)).toBeVisible();
  });

  it("shows the invoice payment details behind 'Оплата на расчетный счет'", async () => {
    open(`/client/${ORDER_ID}/faq`);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Можно ли оплатить заказ по счёту?' }));
    const invoice = screen.getByRole('button', { name: 'Оплата на расчетный счет' });
    expect(screen.getByText(/назначении платежа/)).not.toBeVisible();
    await user.click(invoice);
    expect(invoice).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(/назначении платежа/)).toBeVisible();
    expect(screen.getByText(/Поступление денег проверяет магазин и сообщает вам сам/)).toBeVisible();
  });

  it('goes back to the referrer passed in state', async () => {
    open(`/client/${ORDER_ID}/faq`, { from: `/client/${ORDER_ID}/apply/step2` });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Назад' }));
    expect(screen.getByTestId('location')).toHaveTextContent(`/client/${ORDER_ID}/apply/step2`);
  });

  it('goes to the order page with no referrer and no history', async () => {
    open(`/client/${ORDER_ID}/faq`);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Назад' }));
    expect(screen.getByTestId('location')).toHaveTextContent(new RegExp(`^/client/${ORDER_ID}$`));
  });

  it('ignores a referrer that is not a path of this site', async () => {
    open(`/client/${ORDER_ID}/faq`, { from: '//evil.example/' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Назад' }));
    expect(screen.getByTestId('location')).toHaveTextContent(new RegExp(`^/client/${ORDER_ID}$`));
  });

  it('links the header to the order, support and FAQ, and the footer to the documents', () => {
    open(`/client/${ORDER_ID}/faq`);
    expect(screen.getByRole('link', { name: 'B2BPay — к заказу' })).toHaveAttribute(
      'href',
      `/client/${ORDER_ID}`,
    );
    expect(screen.getByRole('link', { name: 'Поддержка' })).toHaveAttribute(
      'href',
      `/client/${ORDER_ID}/support`,
    );
    expect(screen.getByRole('link', { name: 'FAQ' })).toHaveAttribute('href', `/client/${ORDER_ID}/faq`);
    expect(screen.getByRole('link', { name: 'Политика конфиденциальности' })).toHaveAttribute(
      'href',
      '/confidentiality.pdf',
    );
    expect(screen.getByRole('link', { name: 'Пользовательское соглашение' })).toHaveAttribute(
      'href',
      '/agreement.pdf',
    );
    expect(
      screen.getByText(`© 2025–${new Date().getFullYear()} B2BPay. Все права защищены.`),
    ).toBeInTheDocument();
  });

  it('without an order the logo goes home', () => {
    open('/client/faq');
    expect(screen.getByRole('link', { name: 'B2BPay — на главную' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Поддержка' })).toHaveAttribute('href', '/client/support');
  });
});

describe('buyer support', () => {
  it('has the e-mail and messenger contacts and goes back to the order page', async () => {
    renderRoute(<BuyerSupportPage />, {
      path: '/client/:orderId/support',
      url: `/client/${ORDER_ID}/support`,
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Поддержка' })).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(main.querySelector('a[href="mailto:support@b2bpay.ru"]')).not.toBeNull();
    expect(main.querySelector('a[href="https://t.me/b2bpay_support"]')).not.toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'К заказу' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(new RegExp(`^/client/${ORDER_ID}$`)),
    );
  });
});

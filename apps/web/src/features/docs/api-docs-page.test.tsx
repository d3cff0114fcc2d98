import {
  CANCELLABLE_STATUSES,
  DEMO_SHOP,
  ERROR_CODES,
  EXPORT_COLUMNS,
  ORDER_EVENT_TYPES,
  ORDER_STATUSES,
  SANDBOX_OUTCOMES,
  STATUS_INFO,
} from '@b2bpay/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../test/render';
import ApiDocsPage from './api-docs-page';

const standalone = () => renderRoute(<ApiDocsPage />, { path: '/shops/api-docs', url: '/shops/api-docs' });

const shownFile = (tablist: string) => {
  const panel = screen.getByRole('tablist', { name: tablist }).nextElementSibling;
  return panel?.querySelector('figcaption > span:first-child')?.textContent;
};

describe('API documentation page', () => {
  it('has the error catalogue: every error.code with its statuses and what to do', () => {
    standalone();
    const table = screen.getByRole('table', { name: 'Каталог кодов ошибок' });
    for (const code of ERROR_CODES) expect(within(table).getByText(code)).toBeInTheDocument();
    expect(
      within(table)
        .getByText(/PAYLOAD_TOO_LARGE/)
        .closest('tr'),
    ).toHaveTextContent('413');
    expect(
      within(table)
        .getByText(/METHOD_NOT_ALLOWED/)
        .closest('tr'),
    ).toHaveTextContent('Allow');
    expect(screen.getAllByText(/X-Request-Id/).length).toBeGreaterThan(0);
  });

  it('documents the sandbox: which e-mails approve, reject or get no answer, and the delays', () => {
    standalone();
    const table = screen.getByRole('table', { name: 'Песочница: исход по e-mail покупателя' });
    for (const outcome of SANDBOX_OUTCOMES)
      expect(within(table).getByText(outcome.example)).toBeInTheDocument();
    expect(table).toHaveTextContent('decline');
    expect(table).toHaveTextContent('app_rejected');
    expect(table).toHaveTextContent('pending');
    expect(screen.getByText(/SANDBOX_DECISION_DELAY_MS/).closest('p')).toHaveTextContent('5 с');
  });

  it('publishes where webhooks come from, as it advises checking the sender IP', () => {
    standalone();
    const advice = screen.getByText(/Рекомендуем проверять IP-адрес отправителя/);
    expect(advice).toHaveTextContent('GET /api/webhooks/sender-ips');
  });

  it('documents the event log and the list cursor', () => {
    standalone();
    const events = screen.getByRole('table', { name: 'События' });
    for (const type of ORDER_EVENT_TYPES) expect(within(events).getByText(type)).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Параметры журнала событий' })).toHaveTextContent('after');
    expect(screen.getByRole('table', { name: 'Параметры журнала событий' })).toHaveTextContent('since');
    const list = screen.getByRole('table', { name: 'Параметры запроса' });
    for (const name of ['limit', 'starting_after', 'ending_before', 'updated_since'])
      expect(list).toHaveTextContent(name);
  });

  it('has the sections of spec §2 in order, each listed in the page navigation', () => {
    standalone();
    const sections = [
      'Обзор',
      'Интеграция за 4 шага',
      'Аутентификация',
      'Создание заказа',
      'Статусы заказа',
      'Получение заказа',
      'Список заказов',
      'Вебхуки',
      'Обработка ошибок',
      'SDK для Node.js и PHP',
      'Преимущества',
    ];
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(sections);
    const nav = screen.getByRole('navigation', { name: 'Разделы документации' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(sections);
    for (const link of within(nav).getAllByRole('link')) {
      expect(document.getElementById(link.getAttribute('href')?.slice(1) ?? '')).not.toBeNull();
    }
  });

  it('links the full reference, and has no back button without a shop', () => {
    standalone();
    expect(screen.getAllByRole('link', { name: /справочник API/i })[0]).toHaveAttribute('href', '/api/docs');
    expect(screen.getAllByRole('link', { name: /OpenAPI/ })[0]).toHaveAttribute('href', '/api/openapi.json');
    expect(screen.queryByRole('link', { name: 'Назад' })).toBeNull();
  });

  it("links the 1C-Bitrix module's guide, the PDF made from the module's README", () => {
    standalone();
    const guide = screen.getByRole('link', { name: 'инструкция по модулю для 1С-Битрикс (PDF)' });
    expect(guide).toHaveAttribute('href', '/guides/bitrix.pdf');
    expect(guide).toHaveAttribute('target', '_blank');
  });

  it('in a shop: a back button to /shops/{shopId}', () => {
    renderRoute(<ApiDocsPage />, { path: '/shops/:shopId/api-docs', url: `/shops/${DEMO_SHOP.id}/api-docs` });
    expect(screen.getByRole('link', { name: 'Назад' })).toHaveAttribute('href', `/shops/${DEMO_SHOP.id}`);
  });

  it('lists every order status with its display text', () => {
    standalone();
    const table = screen.getByRole('table', { name: 'Статусы заказа' });
    for (const status of ORDER_STATUSES) {
      expect(within(table).getByText(status)).toBeInTheDocument();
      expect(within(table).getByText(STATUS_INFO[status].text)).toBeInTheDocument();
    }
  });

  it('shows one language across sections; arrows, Home and End move between tabs', async () => {
    standalone();
    const user = userEvent.setup();
    expect(shownFile('Примеры: создание заказа')).toBe('create-order.sh');
    expect(shownFile('Примеры: проверка подписи вебхука')).toBe('verify-webhook.sh');
    const create = within(screen.getByRole('tablist', { name: 'Примеры: создание заказа' }));
    await user.click(create.getByRole('tab', { name: 'Python' }));
    expect(shownFile('Примеры: создание заказа')).toBe('create-order.py');
    expect(shownFile('Примеры: список заказов')).toBe('list-orders.py');
    await user.keyboard('{ArrowRight}');
    expect(create.getByRole('tab', { name: 'Node.js' })).toHaveFocus();
    expect(create.getByRole('tab', { name: 'Node.js' })).toHaveAttribute('aria-selected', 'true');
    expect(shownFile('Примеры: получение заказа')).toBe('get-order.mjs');
    await user.keyboard('{End}');
    expect(shownFile('Примеры: проверка подписи вебхука')).toBe('verify-webhook.php');
    await user.keyboard('{ArrowRight}');
    expect(shownFile('Примеры: создание заказа')).toBe('create-order.sh');
    await user.keyboard('{ArrowLeft}');
    expect(shownFile('Примеры: создание заказа')).toBe('create-order.php');
    await user.keyboard('{Home}');
    expect(create.getByRole('tab', { name: 'cURL' })).toHaveAttribute('tabindex', '0');
    expect(create.getByRole('tab', { name: 'PHP' })).toHaveAttribute('tabindex', '-1');
  });

  it('shows the SDK way beside the raw examples: Node.js SDK and PHP SDK tabs with their README examples', async () => {
    standalone();
    const user = userEvent.setup();
    expect(shownFile('Примеры SDK: заказ, список, журнал событий')).toBe('quickstart.mjs');
    expect(shownFile('Примеры SDK: приём вебхука')).toBe('webhook-receiver.mjs');
    const section = document.getElementById('sdk') as HTMLElement;
    expect(section).toHaveTextContent("import { B2BPay, B2BPayError } from '@b2bpay/sdk'");
    expect(section).toHaveTextContent('sdks/php');
    const quick = within(screen.getByRole('tablist', { name: 'Примеры SDK: заказ, список, журнал событий' }));
    expect(quick.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Node.js SDK', 'PHP SDK']);
    await user.click(quick.getByRole('tab', { name: 'PHP SDK' }));
    expect(shownFile('Примеры SDK: заказ, список, журнал событий')).toBe('quickstart.php');
    expect(shownFile('Примеры SDK: приём вебхука')).toBe('webhook.php');
    expect(section).toHaveTextContent('$b2bpay->createOrder([');
    await user.keyboard('{ArrowRight}');
    expect(quick.getByRole('tab', { name: 'Node.js SDK' })).toHaveFocus();
    // The raw examples keep their own language.
    expect(shownFile('Примеры: создание заказа')).toBe('create-order.sh');
  });

  it('gives the environment for this server, with the demo keys', () => {
    standalone();
    const env = screen.getByText(/export B2BPAY_BASE_URL=/);
    expect(env.textContent).toContain(`export B2BPAY_BASE_URL=${window.location.origin}`);
    expect(env.textContent).toContain(`export B2BPAY_API_KEY=${DEMO_SHOP.secretKey}`);
    expect(env.textContent).toContain(`export B2BPAY_WEBHOOK_SECRET=${DEMO_SHOP.webhookSecret}`);
  });
  it('documents cancel, returns, the payout, external_id/metadata and the CSV export', () => {
    standalone();
    const heading = (name: string) => screen.getByRole('heading', { level: 3, name });
    const sectionOf = (name: string) => heading(name).closest('section');

    // The shop's own reference in the body of order creation, and as a list filter.
    const body = screen.getByRole('table', { name: 'Тело запроса' });
    expect(within(body).getByText('external_id').closest('tr')).toHaveTextContent('до 64 символов');
    expect(within(body).getByText('external_id').closest('tr')).toHaveTextContent(
      '409 DUPLICATE_EXTERNAL_ID',
    );
    expect(within(body).getByText('metadata').closest('tr')).toHaveTextContent(
      'до 20 ключей до 40 символов, значения — строки до 500 символов',
    );
    expect(screen.getByRole('table', { name: 'Параметры запроса' })).toHaveTextContent('external_id');
    // The way back to the shop: both addresses, their limit, the order_id added and the pk_ rule.
    for (const field of ['return_url', 'cancel_url']) {
      const row = within(body).getByText(field).closest('tr');
      expect(row).toHaveTextContent('Вернуться в магазин');
      expect(row).toHaveTextContent('до 2000 символов');
      expect(row).toHaveTextContent('параметр order_id');
      expect(row).toHaveTextContent('widget_origins');
    }

    // Cancel: in the statuses' section, with every status it is allowed from and the refusals.
    expect(sectionOf('Отмена заказа')).toHaveAttribute('id', 'statuses');
    expect(screen.getByText('/api/order/orders/{order_id}/cancel')).toBeInTheDocument();
    const cancel = heading('Отмена заказа').nextElementSibling?.nextElementSibling;
    for (const status of CANCELLABLE_STATUSES) expect(cancel).toHaveTextContent(status);
    expect(cancel).toHaveTextContent('payment_sent, refunded и app_rejected — 409');
    expect(cancel).toHaveTextContent('до 500 символов');

    // Returns: both routes, the body, the webhook and the race.
    expect(screen.getAllByText('/api/order/orders/{order_id}/refunds')).toHaveLength(2);
    const refundBody = screen.getByRole('table', { name: 'Тело запроса возврата' });
    for (const field of ['amount', 'reason', 'products[]']) {
      expect(within(refundBody).getByText(field)).toBeInTheDocument();
    }
    expect(within(refundBody).getByText('products[]').closest('tr')).toHaveTextContent(
      'не больше купленного за вычетом прежних возвратов',
    );
    const refunds = heading('Возвраты').parentElement;
    expect(refunds).toHaveTextContent('Idempotency-Key');
    expect(refunds).toHaveTextContent('order.refund.created');
    expect(refunds).toHaveTextContent('один 200, другой 409');

    // The payout, in «Получение заказа».
    expect(sectionOf('Выплата')).toHaveAttribute('id', 'get-order');
    const payout = screen.getByText('Поле payout').closest('figure');
    for (const key of ['"bank"', '"amount"', '"fee": 0', '"reference"', '"paid_at"']) {
      expect(payout).toHaveTextContent(key);
    }

    // The export, in «Список заказов», with its columns in order.
    expect(sectionOf('Выгрузка для бухгалтерии')).toHaveAttribute('id', 'list-orders');
    expect(screen.getByText('/api/order/orders/export.csv')).toBeInTheDocument();
    const columns = screen.getByRole('table', { name: 'Колонки выгрузки' });
    expect(
      within(columns)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(EXPORT_COLUMNS.map((column, i) => `${i + 1}${column}`));
    expect(sectionOf('Выгрузка для бухгалтерии')).toHaveTextContent('UTF-8 с BOM, разделитель ;');
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { json, mockFetch } from '../../test/render';
import ApplicationsPage from './applications/applications-page';
import { auditDetailsText } from './audit/audit-model';
import AuditPage from './audit/audit-page';
import BanksPage from './banks/banks-page';
import { setStaffCsrfToken } from './staff-credentials';
import { ORDER_ID, renderAsStaff, STAFF_CSRF } from './testing/staff-fixtures';

afterEach(() => setStaffCsrfToken(null));

const STATS = {
  items: [
    {
      id: 'a1',
      order_id: ORDER_ID,
      order_number: '1042',
      shop_name: 'ООО «Ромашка»',
      bank: 'sever',
      status: 'expired',
      submitted_at: '2026-11-25T09:00:00Z',
      decided_at: null,
      respond_by: '2026-11-26T09:00:00Z',
    },
  ],
  banks: [
    {
      bank: 'sever',
      name: 'Банк «Северный Кредит»',
      decided: 14,
      median_seconds: 2700,
      p90_seconds: 7500,
      sla_breaches: 1,
    },
  ],
};

const bank = (enabled: boolean) => ({
  items: [
    {
      id: 'volga',
      name: 'Банк «Волга Финанс»',
      endpoint_url: 'https://volga.example/b2bpay',
      enabled,
      pending: 2,
      failing: 1,
      failed: 0,
      last_delivered_at: '2026-11-27T07:00:00Z',
      last_error: 'HTTP 503',
    },
  ],
});

describe('«Заявки»', () => {
  it('shows each bank’s median and p90 decision times and SLA breaches, filtered by status and bank', async () => {
    const calls = mockFetch(() => json(STATS));
    renderAsStaff('risk', <ApplicationsPage />, { path: '/admin/applications', url: '/admin/applications' });
    const times = await screen.findByTestId('bank-times-sever');
    expect(times).toHaveTextContent('Медиана45 мин');
    expect(times).toHaveTextContent('90-й процентиль2 ч 05 мин');
    expect(times).toHaveTextContent('Просрочено1');
    const list = screen.getByRole('list', { name: 'Заявки' });
    expect(list).toHaveTextContent('Заказ №1042 · ООО «Ромашка»');
    expect(list).toHaveTextContent('Без ответа в срок');
    expect(list).toHaveTextContent('ответ до 26.11.2026 12:00');
    await userEvent.selectOptions(screen.getByLabelText('Статус'), 'expired');
    await userEvent.selectOptions(screen.getByLabelText('Банк'), 'sever');
    await waitFor(() =>
      expect(calls.at(-1)?.url).toBe('/api/admin/v1/applications?status=expired&bank=sever'),
    );
  });
});

describe('«Банки»', () => {
  it('shows the deliveries’ health and disables a bank with the CSRF token', async () => {
    const calls = mockFetch((call) => json(bank(call.method !== 'POST')));
    renderAsStaff('risk', <BanksPage />, { path: '/admin/banks', url: '/admin/banks' });
    const card = await screen.findByTestId('bank-volga');
    expect(card).toHaveTextContent('В очереди2');
    expect(card).toHaveTextContent('С ошибками1');
    expect(card).toHaveTextContent('Последняя успешная доставка: 27.11.2026 10:00');
    expect(card).toHaveTextContent('Последняя ошибка: HTTP 503');
    await userEvent.click(within(card).getByRole('button', { name: 'Отключить Банк «Волга Финанс»' }));
    expect(
      await within(card).findByRole('button', { name: 'Включить Банк «Волга Финанс»' }),
    ).toBeInTheDocument();
    const disable = calls.find((call) => call.method === 'POST');
    expect(disable?.url).toBe('/api/admin/v1/banks/volga/disable');
    expect(disable?.headers['x-csrf-token']).toBe(STAFF_CSRF);
    expect(card).toHaveTextContent('Отключён');
  });
});

describe('«Журнал»', () => {
  it('lists who did what, when and from where, and «Показать ещё» asks for the entries after the last', async () => {
    const entry = (id: string, action: string, details: Record<string, unknown>) => ({
      id,
      actor_email: 'risk@b2bpay.ru',
      action,
      details,
      ip: '10.0.0.9',
      created_at: '2026-11-27T09:30:00Z',
    });
    const calls = mockFetch((call) =>
      call.url.includes('starting_after')
        ? json({ items: [entry('e2', 'bank.disabled', { bank: 'volga' })], has_more: false })
        : json({ items: [entry('e1', 'shop.suspended', { reason: 'Жалобы' })], has_more: true }),
    );
    renderAsStaff('admin', <AuditPage />, { path: '/admin/audit', url: '/admin/audit' });
    const list = await screen.findByRole('list', { name: 'Записи журнала' });
    expect(list).toHaveTextContent('Магазин приостановлен');
    expect(list).toHaveTextContent('причина: Жалобы');
    expect(list).toHaveTextContent('27.11.2026 12:30 · risk@b2bpay.ru · 10.0.0.9');
    await userEvent.click(screen.getByRole('button', { name: 'Показать ещё' }));
    expect(await screen.findByText('Банк отключён')).toBeInTheDocument();
    expect(calls.at(-1)?.url).toBe('/api/admin/v1/audit?limit=50&starting_after=e1');
    expect(screen.queryByRole('button', { name: 'Показать ещё' })).not.toBeInTheDocument();
  });
});

describe('the audit log’s details', () => {
  it('words a lead’s move, a note and the plain values, leaving out the empty ones and a named shop’s id', () => {
    expect(auditDetailsText({ lead_id: 7, status: { from: 'new', to: 'in_progress' }, note: true })).toBe(
      'лид: 7, статус: Новый → В работе, добавлена заметка',
    );
    expect(auditDetailsText({ shop_id: 's1', name: 'Ромашка', lead_id: null })).toBe('название: Ромашка');
    expect(auditDetailsText({ shop_id: 's1' })).toBe('магазин: s1');
  });
});

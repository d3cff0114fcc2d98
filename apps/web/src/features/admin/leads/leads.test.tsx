import type { Lead, LeadPatch } from '@b2bpay/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { json, type MockCall, mockFetch } from '../../../test/render';
import { setStaffCsrfToken } from '../staff-credentials';
import { makeLead, renderAsStaff, STAFF_CSRF } from '../testing/staff-fixtures';
import { takePatch } from './lead-model';
import LeadPage from './lead-page';
import LeadsPage from './leads-page';

afterEach(() => setStaffCsrfToken(null));

const OLDER = makeLead({
  id: 3,
  name: 'Борис',
  status: 'in_progress',
  owner: 'sales@b2bpay.ru',
  created_at: '2026-11-20T08:00:00Z',
});
const NEWER = makeLead({ id: 7, name: 'Анна', created_at: '2026-11-26T09:05:00Z' });

/** A server that keeps one lead and applies each PATCH as the API would (409 on a move not allowed). */
function leadServer(lead: Lead, refuse?: (patch: LeadPatch) => Response | undefined) {
  let current = lead;
  const calls = mockFetch((call: MockCall) => {
    if (call.method === 'GET' && call.url.startsWith('/api/admin/v1/leads'))
      return json({ items: [current] });
    if (call.method === 'PATCH') {
      const patch = call.body as LeadPatch;
      const refused = refuse?.(patch);
      if (refused) return refused;
      current = {
        ...current,
        ...(patch.status ? { status: patch.status } : {}),
        ...(patch.owner !== undefined ? { owner: patch.owner } : {}),
        notes: patch.note
          ? [
              ...current.notes,
              { text: patch.note, author: 'sales@b2bpay.ru', created_at: '2026-11-27T10:00:00Z' },
            ]
          : current.notes,
      };
      return json(current);
    }
    if (call.method === 'POST' && call.url === '/api/admin/v1/shops') {
      const body = call.body as { name: string; email: string };
      return json({
        shop: {
          id: 'b7c1d2e3-f405-4617-8899-aabbccddeeff',
          name: body.name,
          email: body.email,
          inn: null,
          suspended: false,
          created_at: '2026-11-27T10:00:00Z',
        },
        invitation_sent_to: body.email,
      });
    }
    return json({}, 404);
  });
  return calls;
}

function openLead(
  lead: Lead,
  role: 'sales' | 'admin' = 'sales',
  refuse?: (patch: LeadPatch) => Response | undefined,
) {
  const calls = leadServer(lead, refuse);
  renderAsStaff(role, <LeadPage />, { path: '/admin/leads/:leadId', url: `/admin/leads/${lead.id}` });
  return calls;
}

const patches = (calls: MockCall[]) => calls.filter((call) => call.method === 'PATCH');

describe('«Лиды»', () => {
  it('lists the enquiries newest first with phone, date, owner and status label', async () => {
    mockFetch(() => json({ items: [OLDER, NEWER] }));
    renderAsStaff('sales', <LeadsPage />, { path: '/admin/leads', url: '/admin/leads' });
    const list = await screen.findByRole('list', { name: 'Лиды' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => within(row).getByRole('link').textContent)).toEqual(['Анна', 'Борис']);
    expect(rows[0]).toHaveTextContent('+7 916 123-45-67 · 26.11.2026 12:05');
    expect(rows[0]).toHaveTextContent('Никто не ведёт');
    expect(rows[0]).toHaveTextContent('Новый');
    expect(rows[1]).toHaveTextContent('Ведёт: sales@b2bpay.ru');
    expect(rows[1]).toHaveTextContent('В работе');
    expect(within(rows[0] as HTMLElement).getByRole('link')).toHaveAttribute('href', '/admin/leads/7');
  });

  it('filters by status through the API', async () => {
    const calls = mockFetch(() => json({ items: [] }));
    renderAsStaff('sales', <LeadsPage />, { path: '/admin/leads', url: '/admin/leads' });
    expect(await screen.findByText('Лидов пока нет.')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Статус'), 'won');
    expect(await screen.findByText('Лидов с таким статусом нет.')).toBeInTheDocument();
    expect(calls.map((call) => call.url)).toEqual(['/api/admin/v1/leads', '/api/admin/v1/leads?status=won']);
  });

  it('is closed to a role without leads', async () => {
    const calls = mockFetch(() => json({ items: [NEWER] }));
    renderAsStaff('support', <LeadsPage />, { path: '/admin/leads', url: '/admin/leads' });
    expect(screen.getByText('Недостаточно прав')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});

describe('a lead', () => {
  it('offers only the moves LEAD_TRANSITIONS allows, and makes one with the CSRF token', async () => {
    const calls = openLead(NEWER);
    await screen.findByRole('heading', { name: 'Анна', level: 1 });
    const moves = screen.getAllByRole('button', { name: /^Перевести в/ }).map((b) => b.textContent);
    expect(moves).toEqual(['Перевести в «В работе»', 'Перевести в «Отказ»']);
    await userEvent.click(screen.getByRole('button', { name: 'Перевести в «Отказ»' }));
    await waitFor(() => expect(patches(calls)).toHaveLength(1));
    expect(patches(calls)[0]).toMatchObject({ url: '/api/admin/v1/leads/7', body: { status: 'lost' } });
    expect(patches(calls)[0]?.headers['x-csrf-token']).toBe(STAFF_CSRF);
    // A lost lead may only go back to work.
    await waitFor(() =>
      expect(screen.getAllByRole('button', { name: /^Перевести в/ }).map((b) => b.textContent)).toEqual([
        'Перевести в «В работе»',
      ]),
    );
  });

  it('shows the server’s refusal of a move (409)', async () => {
    openLead(NEWER, 'sales', (patch) =>
      patch.status === 'in_progress'
        ? json({ error: { code: 'CONFLICT', message: 'Лид нельзя перевести из «Новый» в «В работе»' } }, 409)
        : undefined,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Перевести в «В работе»' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Лид нельзя перевести из «Новый» в «В работе»',
    );
  });

  it('«Взять в работу» makes me the owner and puts a new lead into work', async () => {
    const calls = openLead(NEWER);
    await userEvent.click(await screen.findByRole('button', { name: 'Взять в работу' }));
    await waitFor(() => expect(screen.getByTestId('lead-owner')).toHaveTextContent('Ведёт: sales@b2bpay.ru'));
    expect(patches(calls)[0]?.body).toEqual({ owner: 'sales@b2bpay.ru', status: 'in_progress' });
    expect(screen.queryByRole('button', { name: 'Взять в работу' })).not.toBeInTheDocument();
  });

  it('takes over a lead someone else leads without changing its status', () => {
    expect(takePatch({ status: 'in_progress', owner: 'boris@b2bpay.ru' }, 'anna@b2bpay.ru')).toEqual({
      owner: 'anna@b2bpay.ru',
    });
    expect(takePatch({ status: 'in_progress', owner: 'anna@b2bpay.ru' }, 'anna@b2bpay.ru')).toBeNull();
    expect(takePatch({ status: 'won', owner: null }, 'anna@b2bpay.ru')).toBeNull();
  });

  it('adds a note, shown with its author and time; an empty one is not sent', async () => {
    const calls = openLead(
      makeLead({
        notes: [
          { text: 'Позвонила, ждут договор', author: 'boris@b2bpay.ru', created_at: '2026-11-26T10:00:00Z' },
        ],
      }),
    );
    const notes = await screen.findByRole('list', { name: 'Заметки' });
    expect(notes).toHaveTextContent('Позвонила, ждут договор');
    expect(notes).toHaveTextContent('boris@b2bpay.ru · 26.11.2026 13:00');
    await userEvent.click(screen.getByRole('button', { name: 'Добавить заметку' }));
    expect(screen.getByText('Заметка не может быть пустой')).toBeInTheDocument();
    expect(patches(calls)).toHaveLength(0);
    await userEvent.type(screen.getByLabelText('Новая заметка'), '  Прислали реквизиты  ');
    await userEvent.click(screen.getByRole('button', { name: 'Добавить заметку' }));
    await waitFor(() =>
      expect(screen.getByRole('list', { name: 'Заметки' })).toHaveTextContent('Прислали реквизиты'),
    );
    expect(patches(calls)[0]?.body).toEqual({ note: 'Прислали реквизиты' });
    expect(screen.getByLabelText('Новая заметка')).toHaveValue('');
  });

  it('a won lead offers «Создать магазин» with its name filled in, and names the lead', async () => {
    const calls = openLead(makeLead({ status: 'won', owner: 'sales@b2bpay.ru', name: 'ООО «Вектор»' }));
    expect(await screen.findByLabelText('Название магазина')).toHaveValue('ООО «Вектор»');
    expect(screen.queryByRole('button', { name: /^Перевести в/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Создать магазин' }));
    expect(screen.getByText('Укажите e-mail')).toBeInTheDocument();
    expect(screen.getByText('ИНН обязателен')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('E-mail владельца'), 'Owner@Vector.ru');
    await userEvent.type(screen.getByLabelText('ИНН'), '7707083893');
    await userEvent.click(screen.getByRole('button', { name: 'Создать магазин' }));
    expect(await screen.findByText(/Приглашение отправлено на owner@vector\.ru/)).toBeInTheDocument();
    const create = calls.find((call) => call.method === 'POST');
    expect(create).toMatchObject({
      url: '/api/admin/v1/shops',
      body: { name: 'ООО «Вектор»', email: 'owner@vector.ru', inn: '7707083893', lead_id: 7 },
    });
    expect(create?.headers['x-csrf-token']).toBe(STAFF_CSRF);
  });
});

import type { StaffRole } from '@b2bpay/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { json, mockFetch, renderRoute } from '../../test/render';
import AdminHomePage from './admin-home-page';
import AdminLayout from './admin-layout';
import { sectionsFor } from './admin-nav';
import { setStaffCsrfToken } from './staff-credentials';
import { STAFF_CSRF, staffSession } from './testing/staff-fixtures';

afterEach(() => setStaffCsrfToken(null));

function openAdmin(role: StaffRole | null, url = '/admin/leads') {
  const calls = mockFetch((call) => {
    if (call.url === '/api/admin/v1/me') {
      return role
        ? json(staffSession(role))
        : json({ error: { code: 'UNAUTHORIZED', message: 'Войдите в бэк-офис' } }, 401);
    }
    if (call.url === '/api/admin/v1/logout') return new Response(null, { status: 204 });
    return json({}, 404);
  });
  renderRoute(<AdminLayout />, {
    path: '/admin',
    url,
    children: [
      { index: true, element: <AdminHomePage /> },
      { path: 'leads', element: <p>Страница лидов</p> },
      { path: 'shops', element: <p>Страница магазинов</p> },
    ],
  });
  return calls;
}

const navLinks = () =>
  within(screen.getByRole('navigation', { name: 'Разделы бэк-офиса' }))
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('the back office’s sections by role', () => {
  it.each([
    ['admin', ['Лиды', 'Магазины', 'Заявки', 'Банки', 'Журнал']],
    ['sales', ['Лиды', 'Магазины']],
    ['risk', ['Магазины', 'Заявки', 'Банки']],
    ['support', ['Магазины']],
  ] as const)('%s sees %j', async (role, labels) => {
    expect(sectionsFor(role).map((section) => section.label)).toEqual(labels);
    openAdmin(role, '/admin/shops');
    expect(await screen.findByText('Страница магазинов')).toBeInTheDocument();
    expect(navLinks()).toEqual(labels);
  });

  it('shows who is logged in with the role’s label, and /admin opens the role’s first section', async () => {
    openAdmin('risk', '/admin');
    expect(await screen.findByText('Страница магазинов')).toBeInTheDocument();
    expect(screen.getByTestId('staff-user')).toHaveTextContent('risk@b2bpay.ru · Риски');
  });
});

describe('the back office’s session', () => {
  it('sends a visitor without a session to the log-in page, to come back after it', async () => {
    openAdmin(null, '/admin/leads');
    expect(await screen.findByTestId('location')).toHaveTextContent('/admin/login?next=%2Fadmin%2Fleads');
    expect(screen.queryByText('Страница лидов')).not.toBeInTheDocument();
  });

  it('«Выйти» ends the session on the server with the CSRF token and opens the log-in page', async () => {
    const calls = openAdmin('sales');
    await userEvent.click(await screen.findByRole('button', { name: 'Выйти' }));
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/admin\/login$/);
    const logout = calls.find((call) => call.url === '/api/admin/v1/logout');
    expect(logout?.method).toBe('POST');
    expect(logout?.headers['x-csrf-token']).toBe(STAFF_CSRF);
  });

  it('never sends the CSRF token with a read', async () => {
    const calls = openAdmin('admin');
    await screen.findByText('Страница лидов');
    await waitFor(() => expect(calls.some((call) => call.url === '/api/admin/v1/me')).toBe(true));
    expect(calls.find((call) => call.url === '/api/admin/v1/me')?.headers['x-csrf-token']).toBeUndefined();
  });
});

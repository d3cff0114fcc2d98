import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { setSessionCredentials } from '../../shared/api/session-credentials';
import { json, mockFetch, renderRoute } from '../../test/render';
import CabinetHomePage from './cabinet-home-page';

afterEach(() => setSessionCredentials(null));

const ME = {
  user: { id: 'u1', email: 'anna@example.ru', name: 'Анна' },
  shops: [
    { id: 's1', name: 'Ромашка', role: 'owner' },
    { id: 's2', name: 'Василёк', role: 'accountant' },
  ],
  csrf_token: 'csrf-h',
};
const SESSIONS = {
  data: [
    {
      id: 'sess-1',
      created_at: '2026-11-20T10:00:00Z',
      last_seen_at: '2026-11-27T09:00:00Z',
      ip: '10.0.0.1',
      user_agent: 'Chrome на Linux',
      current: true,
    },
    {
      id: 'sess-2',
      created_at: '2026-11-21T10:00:00Z',
      last_seen_at: '2026-11-22T09:00:00Z',
      ip: '10.0.0.2',
      user_agent: 'Safari на iPhone',
      current: false,
    },
  ],
};

describe('/cabinet', () => {
  it('lists the user’s shops, each opening its area, and the sessions; «Завершить» ends another one', async () => {
    let sessions = SESSIONS;
    const calls = mockFetch((call) => {
      if (call.url === '/api/cabinet/me') return json(ME);
      if (call.method === 'DELETE') {
        sessions = { data: SESSIONS.data.filter((s) => s.id !== 'sess-2') };
        return new Response(null, { status: 204 });
      }
      return json(sessions);
    });
    renderRoute(<CabinetHomePage />, { path: '/cabinet', url: '/cabinet' });
    expect(await screen.findByRole('link', { name: /Ромашка/ })).toHaveAttribute('href', '/shops/s1');
    expect(screen.getByRole('link', { name: /Василёк/ })).toHaveTextContent('Бухгалтер');
    expect(await screen.findByText('Safari на iPhone')).toBeInTheDocument();
    expect(screen.getByText('это устройство')).toBeInTheDocument();
    const buttons = screen.getAllByRole('button', { name: /Завершить сеанс/ });
    expect(buttons).toHaveLength(1);
    await userEvent.click(buttons[0] as HTMLElement);
    await waitFor(() => expect(screen.queryByText('Safari на iPhone')).not.toBeInTheDocument());
    const ended = calls.find((c) => c.method === 'DELETE');
    expect(ended?.url).toBe('/api/cabinet/sessions/sess-2');
    expect(ended?.headers['x-csrf-token']).toBe('csrf-h');
  });

  it('nobody logged in: the log-in page, coming back here', async () => {
    mockFetch(() => json({ error: { code: 'UNAUTHORIZED', message: 'Войдите' } }, 401));
    renderRoute(<CabinetHomePage />, { path: '/cabinet', url: '/cabinet' });
    expect(await screen.findByTestId('location')).toHaveTextContent('/cabinet/login?next=%2Fcabinet');
  });
});

import { DEMO_SHOP } from '@b2bpay/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, renderRoute } from '../../../test/render';
import type { ShopSettings } from '../shared/api/shop-api';
import SettingsPage from './settings-page';

function settings(livemode: boolean): ShopSettings {
  return {
    webhook_url: null,
    webhook_secret_hint: 'whsec_…Ab12',
    secret_key_hint: livemode ? 'sk_live_…b6e2' : 'sk_test_…b6e2',
    publishable_key_hint: livemode ? 'pk_live_9c3e' : 'pk_test_9c3e',
    widget_origins: [],
    previous_webhook_secret_expires_at: null,
    livemode,
  };
}

function open(livemode: boolean) {
  mockFetch((call) => {
    if (call.url === '/api/shop/settings') return json(settings(livemode));
    if (call.url.startsWith('/api/webhooks/deliveries'))
      return json({ items: [], count: 0, has_more: false });
    return json({ error: { code: 'NOT_FOUND', message: 'нет' } }, 404);
  });
  renderRoute(<SettingsPage />, {
    path: '/shops/:shopId/settings',
    url: `/shops/${DEMO_SHOP.id}/settings?token=${DEMO_SHOP.secretKey}`,
  });
}

describe('the keys section names the mode of the keys it shows (DESIGN §16)', () => {
  it('live settings: «Ключи боевого режима»', async () => {
    open(true);
    const keys = (await screen.findByRole('heading', { name: 'Ключи API' })).closest(
      'section',
    ) as HTMLElement;
    expect(within(keys).getByTestId('keys-mode')).toHaveTextContent('Ключи боевого режима');
    expect(within(keys).getByText('sk_live_••••••••b6e2')).toBeInTheDocument();
  });

  it('test settings: «Ключи тестового режима»', async () => {
    open(false);
    const keys = (await screen.findByRole('heading', { name: 'Ключи API' })).closest(
      'section',
    ) as HTMLElement;
    expect(within(keys).getByTestId('keys-mode')).toHaveTextContent('Ключи тестового режима');
    expect(within(keys).getByText('sk_test_••••••••b6e2')).toBeInTheDocument();
  });
});

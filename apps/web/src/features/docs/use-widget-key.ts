import { DEMO_SHOP } from '@b2bpay/domain';
import { useEffect, useState } from 'react';
import { callApi } from '../../shared/api/typed-client';
import { widgetKeyFor } from './widget-snippets';

/**
 * The publishable key the page's demos and snippets carry: the shop's own when it can be known, else
 * the demo shop's, or whatever the visitor typed.
 */
export function useWidgetKey(shopId: string | undefined, token: string | null) {
  const [apiToken, setApiToken] = useState(() => widgetKeyFor(shopId, token));

  // The token may arrive after the first render (the auth pass reads it from the address).
  useEffect(() => {
    setApiToken((current) => (current === DEMO_SHOP.publishableKey ? widgetKeyFor(shopId, token) : current));
  }, [shopId, token]);

  // Inside a shop's area with its secret key: that shop's publishable key, from its settings (a
  // publishable key is public, so the settings carry it whole), unless a key was typed meanwhile.
  useEffect(() => {
    if (!shopId || !token?.startsWith('sk_')) return;
    const stop = new AbortController();
    callApi('GET', '/api/shop/settings', {
      token,
      signal: stop.signal,
      errorStatuses: [401, 404, 429, 500],
    }).then(
      (settings) => {
        const key = settings.publishable_key_hint;
        if (key?.startsWith('pk_') && !key.includes('…'))
          setApiToken((current) => (current === DEMO_SHOP.publishableKey ? key : current));
      },
      () => {}, // the demo key and its notice stay
    );
    return () => stop.abort();
  }, [shopId, token]);

  return [apiToken, setApiToken] as const;
}

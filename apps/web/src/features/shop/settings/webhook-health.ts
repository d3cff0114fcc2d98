import type { WebhookEndpointHealth, WebhookResendBody, WebhookResendResult } from '@b2bpay/domain';
import { useQuery } from '@tanstack/react-query';
import { DOCUMENTED_ERRORS } from '../../../shared/api/http';
import { callApi } from '../../../shared/api/typed-client';
import { useShopAccess } from '../../../shared/auth/shop-access';

/**
 * The shop's webhook address as its deliveries have gone, and the bulk re-send of failed
 * deliveries. Kept apart from shop-api.ts so the settings page's other cards change independently.
 */
export type { WebhookEndpointHealth, WebhookResendResult } from '@b2bpay/domain';

const SHOP_ERRORS = [...DOCUMENTED_ERRORS, 403] as const;

export const webhookHealthKey = ['webhook-health'] as const;

export function getWebhookHealth(token: string | null, signal?: AbortSignal): Promise<WebhookEndpointHealth> {
  return callApi('GET', '/api/webhooks/health', {
    token,
    signal,
    errorStatuses: SHOP_ERRORS,
  });
}

/** Every failed delivery since `since` sent again, to the shop's current address. */
export function resendFailedWebhooks(
  body: WebhookResendBody,
  token: string | null,
): Promise<WebhookResendResult> {
  return callApi('POST', '/api/webhooks/deliveries/resend', {
    body,
    token,
    errorStatuses: SHOP_ERRORS,
  });
}

/** `wanted` false: not asked for (a role that does not see the card). */
export function useWebhookHealth(wanted = true) {
  const { token, hasAccess, isInitialized } = useShopAccess();
  return useQuery({
    queryKey: webhookHealthKey,
    queryFn: ({ signal }) => getWebhookHealth(token, signal),
    enabled: Boolean(wanted && hasAccess && isInitialized),
  });
}

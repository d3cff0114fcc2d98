/** The webhooks module as the rest of the API uses it. */
export { deliverWebhook } from './delivery.job';
export { setLegacyUrl as setShopWebhookUrl } from './endpoints.repository';
export { type EventType, recordEvent } from './events.repository';
export { sendWebhook } from './sender';
export { webhookHeaders } from './signing';
export {
  assertWebhookUrlAllowed,
  guardedLookup,
  HTTPS_REQUIRED_MESSAGE,
  isBlockedAddress,
  PRIVATE_ADDRESS_DEV_MESSAGE,
  PRIVATE_ADDRESS_MESSAGE,
  parseLooseIPv4,
  type Resolver,
} from './ssrf-guard';
export { INTERRUPTED_ATTEMPT } from './webhooks.repository';
export { webhooksRoutes } from './webhooks.routes';
export { purgeFinishedEvents, purgeOldAttempts } from './webhooks.service';

/**
 * The demo shop that ships with the embedded default (DEMO_SHOP=true). Its keys are public on purpose:
 * the README and the documentation pages use them so that a fresh install can be tried at once.
 * Production sets DEMO_SHOP=false, which removes the shop and these keys.
 */
export const DEMO_SHOP = {
  id: '5f0c2a1e-8b7d-4c3a-9e21-6d4f0b8a7c15',
  name: 'Демо-магазин «Офис и склад»',
  email: 'demo-shop@b2bpay.example',
  secretKey: 'sk_demo_4f7b2c9e1a8d6035b2e9c7f1a4d8b6e2',
  publishableKey: 'pk_demo_9c2e7a4f1b6d8035e2a9c7b1f4d6e8a2',
  webhookSecret: 'whsec_ZGVtby13ZWJob29rLXNlY3JldC1iMmJwYXktMDAx',
} as const;

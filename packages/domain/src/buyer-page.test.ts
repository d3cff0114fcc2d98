import { describe, expect, it } from 'vitest';
import { buyerPageModule } from './buyer-page';

describe('buyerPageModule', () => {
  const id = '0b7c6f1e-3a52-4d1e-9f0a-2c4b8e6d1a90';
  it.each([
    [`/client/${id}`, 'order-page'],
    [`/client/${id}/`, 'order-page'],
    [`/client/${id}/apply`, 'apply-step1-page'],
    [`/client/${id}/apply/step2`, 'apply-step2-page'],
    [`/client/${id}/success`, 'success-page'],
    [`/client/${id}/faq`, 'buyer-faq-page'],
    [`/client/${id}/support`, 'buyer-support-page'],
    ['/client/faq', 'buyer-faq-page'],
    ['/client/support', 'buyer-support-page'],
  ])('%s renders %s', (path, module) => {
    expect(buyerPageModule(path)).toBe(module);
  });

  it.each([
    '/client',
    '/client/',
    `/client/${id}/nothing`,
    `/client/${id}/apply/step3`,
    `/client/${id}/success/more`,
    `/client/${id}/apply/step2/x`,
    '/shops/x',
    '/',
  ])('%s has no page of its own', (path) => {
    expect(buyerPageModule(path)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { isWebPage } from './web-pages';

describe('isWebPage', () => {
  it.each([
    '/',
    '/shops',
    '/shops/5f0c2a1e/all-orders',
    '/shops/5f0c2a1e/all-orders/',
    '/shops/order-qr/o1',
    '/cabinet/login',
    '/admin/leads/7',
    '/client/o1',
    '/client/o1/apply/step2',
    '/client/faq',
  ])('%s is a page', (path) => {
    expect(isWebPage(path)).toBe(true);
  });

  it.each([
    '/nope',
    '/client',
    '/client/o1/apply/step3',
    '/shops/s1/unknown',
    '/admin/nope',
    '/admin/leads/7/x',
    '/cabinet/login/x',
  ])('%s is not', (path) => {
    expect(isWebPage(path)).toBe(false);
  });
});

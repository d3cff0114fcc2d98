import { describe, expect, it, vi } from 'vitest';
import { counterIdForPath, Metrika, userParamsForPath } from './metrika';

describe('Yandex Metrica wrapper', () => {
  it('uses the landing counter for / and the default one elsewhere', () => {
    const config = { defaultId: '111', landingId: '222' };
    expect(counterIdForPath('/', config)).toBe(222);
    expect(counterIdForPath('/shops/x', config)).toBe(111);
    expect(counterIdForPath('/shops/x', {})).toBeNull();
    expect(counterIdForPath('/', { landingId: 'abc' })).toBeNull();
  });

  it('sets shopId and clientId user parameters from the path', () => {
    expect(userParamsForPath('/shops/5f0c/all-orders')).toEqual({ shopId: '5f0c' });
    expect(userParamsForPath('/client/ord-1/apply')).toEqual({ clientId: 'ord-1' });
    expect(userParamsForPath('/shops/order-qr/abc')).toEqual({});
    expect(userParamsForPath('/')).toEqual({});
  });

  it('is silent without counter ids: no script, no calls', () => {
    const metrika = new Metrika({});
    metrika.hit('/shops/x');
    metrika.reachGoal('form_start');
    expect(metrika.enabled).toBe(false);
    expect(document.querySelector('script[src*="metrika"]')).toBeNull();
    expect(window.ym).toBeUndefined();
  });

  it('initialises once, reports hits with path, referrer, user agent and time, user params and goals', () => {
    const ym = vi.fn();
    window.ym = ym;
    try {
      const metrika = new Metrika({ defaultId: '111', landingId: '222' });
      metrika.hit('/shops/s1');
      metrika.hit('/shops/s1/faq');
      metrika.reachGoal('SUCCESS_PAGE_VIEW', { a: 1 });
      const inits = ym.mock.calls.filter((c) => c[1] === 'init');
      expect(inits).toHaveLength(1);
      expect(inits[0]?.[2]).toMatchObject({
        clickmap: true,
        trackLinks: true,
        accurateTrackBounce: true,
        webvisor: true,
      });
      const hit = ym.mock.calls.find((c) => c[1] === 'hit');
      expect(hit?.[0]).toBe(111);
      expect(hit?.[2]).toBe('/shops/s1');
      expect(hit?.[3].params).toMatchObject({ path: '/shops/s1', userAgent: navigator.userAgent });
      expect(typeof hit?.[3].params.timestamp).toBe('string');
      expect(ym).toHaveBeenCalledWith(111, 'userParams', { shopId: 's1' });
      expect(ym).toHaveBeenCalledWith(111, 'reachGoal', 'SUCCESS_PAGE_VIEW', { a: 1 });
      metrika.hit('/');
      expect(ym).toHaveBeenCalledWith(222, 'hit', '/', expect.anything());
    } finally {
      delete window.ym;
    }
  });
});

import { describe, expect, it } from 'vitest';
import { applyPageMeta, DEFAULT_TITLE } from './page-meta';

const meta = (selector: string) => document.head.querySelector(selector)?.getAttribute('content');

describe('page metadata', () => {
  it('sets title, description, canonical, social tags, robots and structured data', () => {
    applyPageMeta({ title: 'Все заказы', description: 'Список', path: '/shops/s1/all-orders' });
    expect(document.title).toBe('Все заказы — B2BPay');
    expect(meta('meta[name="description"]')).toBe('Список');
    expect(meta('meta[name="keywords"]')).toContain('рассрочка');
    expect(meta('meta[name="robots"]')).toBe('index, follow');
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      `${window.location.origin}/shops/s1/all-orders`,
    );
    expect(meta('meta[property="og:type"]')).toBe('website');
    expect(meta('meta[property="og:locale"]')).toBe('ru_RU');
    expect(meta('meta[property="og:image"]')).toBe(`${window.location.origin}/og-image.png`);
    expect(meta('meta[property="og:image:width"]')).toBe('1200');
    expect(meta('meta[property="og:image:height"]')).toBe('630');
    expect(meta('meta[name="twitter:card"]')).toBe('summary_large_image');

    const ld = JSON.parse(
      document.head.querySelector('script[type="application/ld+json"]')?.textContent ?? '{}',
    );
    expect(ld['@type']).toBe('FinancialService');
    expect(ld.offers).toMatchObject({ price: '0', priceCurrency: 'RUB' });
    expect(ld.contactPoint).toMatchObject({ contactType: 'customer service', areaServed: 'RU' });
    expect(ld.aggregateRating).toMatchObject({ ratingValue: '4.8', reviewCount: '100' });
    expect(ld.sameAs[0]).toMatch(/^https:\/\/t\.me\//);
  });

  it('falls back to the default title and updates tags in place', () => {
    applyPageMeta({});
    applyPageMeta({});
    expect(document.title).toBe(DEFAULT_TITLE);
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    expect(document.head.querySelectorAll('script[type="application/ld+json"]')).toHaveLength(1);
  });
});

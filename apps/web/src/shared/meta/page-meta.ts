import { useEffect } from 'react';
import { SUPPORT_EMAIL, TELEGRAM_URL } from '../config/contacts';

/** Per-page metadata of spec §2: title, description, keywords, canonical, social tags, robots, JSON-LD. */
export interface PageMeta {
  title?: string;
  description?: string;
  keywords?: string;
  /** Path of the canonical URL; defaults to the current path (without query or hash). */
  path?: string;
}

export const SITE_NAME = 'B2BPay';
export const DEFAULT_TITLE = 'B2BPay — увеличьте B2B продажи с рассрочкой и кредитом для покупателей';
export const DEFAULT_DESCRIPTION =
  'B2BPay — рассрочка и кредит для бизнес-покупателей интернет-магазинов. Бесплатно для магазина, деньги сразу, интеграция за 1 день.';
export const DEFAULT_KEYWORDS =
  'B2B рассрочка, кредит для юрлиц, рассрочка для бизнеса, B2B продажи, оплата в рассрочку, интернет-магазин';
export const OG_IMAGE_PATH = '/og-image.png';

export function structuredData(origin: string): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'FinancialService',
    name: SITE_NAME,
    url: origin,
    logo: `${origin}/favicon.svg`,
    image: `${origin}${OG_IMAGE_PATH}`,
    description: DEFAULT_DESCRIPTION,
    areaServed: 'RU',
    email: SUPPORT_EMAIL,
    offers: {
      '@type': 'Offer',
      name: 'Рассрочка и кредит для B2B покупателей',
      price: '0',
      priceCurrency: 'RUB',
      category: 'credit',
    },
    contactPoint: {
      '@type': 'ContactPoint',
      contactType: 'customer service',
      areaServed: 'RU',
      availableLanguage: 'Russian',
      email: SUPPORT_EMAIL,
    },
    sameAs: [TELEGRAM_URL],
    aggregateRating: { '@type': 'AggregateRating', ratingValue: '4.8', reviewCount: '100', bestRating: '5' },
  };
}

function setMeta(attribute: 'name' | 'property', key: string, content: string): void {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute(attribute, key);
    document.head.appendChild(element);
  }
  element.content = content;
}

function setCanonical(href: string): void {
  let link = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'canonical';
    document.head.appendChild(link);
  }
  link.href = href;
}

function setJsonLd(data: Record<string, unknown>): void {
  let script = document.head.querySelector<HTMLScriptElement>(
    'script[type="application/ld+json"][data-b2bpay]',
  );
  if (!script) {
    script = document.createElement('script');
    script.type = 'application/ld+json';
    script.dataset.b2bpay = 'organization';
    document.head.appendChild(script);
  }
  script.textContent = JSON.stringify(data);
}

export function applyPageMeta(meta: PageMeta): void {
  const origin = window.location.origin;
  const title = meta.title ? `${meta.title} — ${SITE_NAME}` : DEFAULT_TITLE;
  const description = meta.description ?? DEFAULT_DESCRIPTION;
  const url = `${origin}${meta.path ?? window.location.pathname}`;
  const image = `${origin}${OG_IMAGE_PATH}`;
  document.title = title;
  setMeta('name', 'description', description);
  setMeta('name', 'keywords', meta.keywords ?? DEFAULT_KEYWORDS);
  setMeta('name', 'robots', 'index, follow');
  setCanonical(url);
  setMeta('property', 'og:type', 'website');
  setMeta('property', 'og:site_name', SITE_NAME);
  setMeta('property', 'og:title', title);
  setMeta('property', 'og:description', description);
  setMeta('property', 'og:url', url);
  setMeta('property', 'og:image', image);
  setMeta('property', 'og:image:width', '1200');
  setMeta('property', 'og:image:height', '630');
  setMeta('property', 'og:locale', 'ru_RU');
  setMeta('name', 'twitter:card', 'summary_large_image');
  setMeta('name', 'twitter:title', title);
  setMeta('name', 'twitter:description', description);
  setMeta('name', 'twitter:image', image);
  setJsonLd(structuredData(origin));
}

/** Sets the page's metadata while the page is shown. */
export function usePageMeta(meta: PageMeta): void {
  const { title, description, keywords, path } = meta;
  useEffect(() => {
    applyPageMeta({ title, description, keywords, path });
  }, [title, description, keywords, path]);
}

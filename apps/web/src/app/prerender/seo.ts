import { PARTNER_BANKS } from '@b2bpay/domain';
import { bankMarkSvg } from '../../features/landing/bank-marks';
import {
  DEFAULT_DESCRIPTION,
  DEFAULT_KEYWORDS,
  DEFAULT_TITLE,
  OG_IMAGE_PATH,
  SITE_NAME,
  structuredData,
} from '../../shared/meta/page-meta';

/**
 * What search engines read without running scripts: the landing page's head (the same metadata the
 * page-meta helper sets at run time, spec §2 "Page metadata"), robots.txt and sitemap.xml.
 */

/** Public pages worth indexing; everything under /shops/{id} and /client/ is private to a shop or buyer. */
export const INDEXED_PATHS = ['/', '/shops/api-docs', '/shops/button-demo'] as const;

export function normaliseSiteUrl(url: string): string {
  const parsed = new URL(url);
  return `${parsed.origin}${parsed.pathname.replace(/\/+$/, '')}`;
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function escapeText(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** JSON that is safe inside <script>: no '</script>' or HTML comment can be formed. */
export function jsonForScript(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The <head> tags of `/`: title, description, keywords, robots, canonical, Open Graph, Twitter, JSON-LD. */
export function landingHead(siteUrl: string): string {
  const origin = normaliseSiteUrl(siteUrl);
  const url = `${origin}/`;
  const image = `${origin}${OG_IMAGE_PATH}`;
  const meta = (attribute: 'name' | 'property', key: string, content: string) =>
    `<meta ${attribute}="${key}" content="${escapeAttribute(content)}" />`;
  return [
    `<title>${escapeText(DEFAULT_TITLE)}</title>`,
    meta('name', 'description', DEFAULT_DESCRIPTION),
    meta('name', 'keywords', DEFAULT_KEYWORDS),
    meta('name', 'robots', 'index, follow'),
    `<link rel="canonical" href="${escapeAttribute(url)}" />`,
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:title', DEFAULT_TITLE),
    meta('property', 'og:description', DEFAULT_DESCRIPTION),
    meta('property', 'og:url', url),
    meta('property', 'og:image', image),
    meta('property', 'og:image:width', '1200'),
    meta('property', 'og:image:height', '630'),
    meta('property', 'og:locale', 'ru_RU'),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', DEFAULT_TITLE),
    meta('name', 'twitter:description', DEFAULT_DESCRIPTION),
    meta('name', 'twitter:image', image),
    `<script type="application/ld+json" data-b2bpay="organization">${jsonForScript(structuredData(origin))}</script>`,
  ].join('\n    ');
}

export function robotsTxt(siteUrl: string): string {
  const origin = normaliseSiteUrl(siteUrl);
  return [
    'User-agent: *',
    'Allow: /',
    // Shop areas and buyers' orders are private; the public documentation under /shops/ stays open.
    'Disallow: /shops/',
    'Allow: /shops/api-docs',
    'Allow: /shops/button-demo',
    'Disallow: /client/',
    'Disallow: /api/',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

export function sitemapXml(siteUrl: string, lastModified: string): string {
  const origin = normaliseSiteUrl(siteUrl);
  const urls = INDEXED_PATHS.map(
    (path) =>
      `  <url>\n    <loc>${escapeText(`${origin}${path}`)}</loc>\n    <lastmod>${lastModified}</lastmod>\n` +
      `    <changefreq>${path === '/' ? 'weekly' : 'monthly'}</changefreq>\n` +
      `    <priority>${path === '/' ? '1.0' : '0.6'}</priority>\n  </url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** The files the build writes beside the pages: robots.txt, sitemap.xml and banks/{id}.svg. */
export function staticFiles(siteUrl: string, lastModified: string): Record<string, string> {
  const files: Record<string, string> = {
    'robots.txt': robotsTxt(siteUrl),
    'sitemap.xml': sitemapXml(siteUrl, lastModified),
  };
  for (const bank of PARTNER_BANKS) files[`banks/${bank.id}.svg`] = bankMarkSvg(bank.id);
  return files;
}

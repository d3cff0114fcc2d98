// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { bankMarkSvg } from '../../features/landing/bank-marks';
import { injectLanding, LANDING_FONTS_ID, landingScripts, splitWebFonts } from './html';
import { jsonForScript, landingHead, robotsTxt, sitemapXml, staticFiles } from './seo';

function jsonLdOf(head: string): Record<string, unknown> {
  const match = /<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/.exec(head);
  if (!match?.[1]) throw new Error('no JSON-LD');
  return JSON.parse(match[1]) as Record<string, unknown>;
}

describe('landing head', () => {
  const head = landingHead('https://b2bpay.ru/');

  it('has the metadata of spec §2 with absolute URLs', () => {
    expect(head).toContain(
      '<title>B2BPay — увеличьте B2B продажи с рассрочкой и кредитом для покупателей</title>',
    );
    expect(head).toMatch(/<meta name="description" content="[^"]+" \/>/);
    expect(head).toMatch(/<meta name="keywords" content="[^"]*B2B рассрочка[^"]*" \/>/);
    expect(head).toContain('<meta name="robots" content="index, follow" />');
    expect(head).toContain('<link rel="canonical" href="https://b2bpay.ru/" />');
    expect(head).toContain('<meta property="og:type" content="website" />');
    expect(head).toContain('<meta property="og:image" content="https://b2bpay.ru/og-image.png" />');
    expect(head).toContain('<meta property="og:image:width" content="1200" />');
    expect(head).toContain('<meta property="og:image:height" content="630" />');
    expect(head).toContain('<meta property="og:locale" content="ru_RU" />');
    expect(head).toContain('<meta name="twitter:card" content="summary_large_image" />');
  });

  it('describes a financial service with a 0 RUB offer, a Russian contact point, a messenger and 4.8 over 100', () => {
    const data = jsonLdOf(head);
    expect(data['@type']).toBe('FinancialService');
    expect(data.url).toBe('https://b2bpay.ru');
    expect(data.offers).toMatchObject({ '@type': 'Offer', price: '0', priceCurrency: 'RUB' });
    expect(data.contactPoint).toMatchObject({ contactType: 'customer service', areaServed: 'RU' });
    expect(data.sameAs).toEqual(['https://t.me/b2bpay_support']);
    expect(data.aggregateRating).toMatchObject({ ratingValue: '4.8', reviewCount: '100' });
  });

  it('cannot be broken out of by text in the data', () => {
    const text = jsonForScript({ a: '</script><script>alert(1)</script>' });
    expect(text).not.toContain('</script>');
    expect(JSON.parse(text)).toEqual({ a: '</script><script>alert(1)</script>' });
  });
});

describe('robots.txt and sitemap.xml', () => {
  it('opens the landing and public docs, closes shop and buyer pages and the API, names the sitemap', () => {
    const robots = robotsTxt('https://pay.example.ru/');
    expect(robots).toMatch(/^User-agent: \*$/m);
    expect(robots).toMatch(/^Disallow: \/client\/$/m);
    expect(robots).toMatch(/^Disallow: \/shops\/$/m);
    expect(robots).toMatch(/^Allow: \/shops\/api-docs$/m);
    expect(robots).toMatch(/^Disallow: \/api\/$/m);
    expect(robots).toMatch(/^Sitemap: https:\/\/pay\.example\.ru\/sitemap\.xml$/m);
  });

  it('lists the public pages with absolute addresses', () => {
    const xml = sitemapXml('https://pay.example.ru', '2025-01-15');
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual([
      'https://pay.example.ru/',
      'https://pay.example.ru/shops/api-docs',
      'https://pay.example.ru/shops/button-demo',
    ]);
    expect(xml).toContain('<lastmod>2025-01-15</lastmod>');
  });

  it('writes the three partner bank marks beside them', () => {
    const files = staticFiles('https://b2bpay.ru', '2025-01-15');
    expect(Object.keys(files).sort()).toEqual([
      'banks/sever.svg',
      'banks/ural.svg',
      'banks/volga.svg',
      'robots.txt',
      'sitemap.xml',
    ]);
    expect(files['banks/volga.svg']).toBe(bankMarkSvg('volga'));
    expect(bankMarkSvg('sever')).toContain('<title>Банк «Северный Кредит»</title>');
    expect(bankMarkSvg('sever')).toContain('fill="#1D4ED8"');
  });
});

describe('pre-rendered index.html', () => {
  const shell = [
    '<!doctype html>',
    '<html lang="ru">',
    '  <head>',
    '    <meta charset="UTF-8" />',
    '    <meta name="viewport" content="width=device-width, initial-scale=1.0" />',
    '    <title>Old</title>',
    '    <meta',
    '      name="description"',
    '      content="old"',
    '    />',
    '    <meta name="robots" content="noindex" />',
    '    <script type="module" crossorigin src="/static/js/index-1.js"></script>',
    '    <link rel="modulepreload" crossorigin href="/static/js/react-1.js">',
    '    <link rel="stylesheet" crossorigin href="/static/assets/index-1.css">',
    '  </head>',
    '  <body>',
    '    <div id="root"></div>',
    '  </body>',
    '</html>',
  ].join('\n');

  it("puts the head block before any script, the markup into #root and the landing's scripts in place of the app's", () => {
    const html = injectLanding(shell, {
      head: '<title>New</title>',
      markup: '<h1>Hello</h1>',
      scripts: { entry: '/static/js/landing-main-1.js', preload: ['/static/js/react-dom-1.js'] },
      styles: { '/static/assets/index-1.css': 'body{color:red}' },
    });
    expect(html).not.toContain('<title>Old</title>');
    expect(html).not.toContain('content="old"');
    expect(html).not.toContain('noindex');
    expect(html.indexOf('<title>New</title>')).toBeLessThan(html.indexOf('<script type="module"'));
    expect(html).toContain('<div id="root"><h1>Hello</h1></div>');
    expect(html).toMatch(
      /<link rel="modulepreload" fetchpriority="low" crossorigin href="\/static\/js\/react-dom-1\.js">\s*<script type="module" fetchpriority="low" crossorigin src="\/static\/js\/landing-main-1\.js"><\/script>\s*<\/head>/,
    );
    // The page needs no request besides itself to be painted; scripts wait behind it.
    expect(html).toContain('<style>body{color:red}</style>');
    expect(html).not.toContain('rel="stylesheet"');
    // The app's entry and its preloads are not the landing's: they are not loaded at all.
    expect(html).not.toContain('index-1.js');
    expect(html).not.toContain('react-1.js');
    expect(html.match(/<script type="module"/g)).toHaveLength(1);
  });

  it('moves the web font out of the inline style into a stylesheet linked for print', () => {
    const css = [
      '@font-face{font-family:Inter;font-display:swap;src:url(/static/assets/inter-400.woff2)}',
      '@font-face{font-family:"Inter Fallback";src:local("Arial")}',
      'body{font-family:Inter,"Inter Fallback"}',
      "@font-face{font-family:'Inter';font-weight:700;src:url(/static/assets/inter-700.woff2)}",
      "@font-face{font-family:'Inter Variable';font-weight:100 900;src:url(/static/assets/inter-wght.woff2)}",
    ].join('');
    const split = splitWebFonts(css);
    expect(split.css).toBe(
      '@font-face{font-family:"Inter Fallback";src:local("Arial")}body{font-family:Inter,"Inter Fallback"}',
    );
    expect(split.fonts).toContain('inter-400.woff2');
    expect(split.fonts).toContain('inter-700.woff2');
    expect(split.fonts).toContain('inter-wght.woff2');
    expect(split.fonts).not.toContain('Inter Fallback');

    const html = injectLanding(shell, {
      head: '',
      markup: '',
      scripts: { entry: '/static/js/landing-main-1.js', preload: [] },
      styles: { '/static/assets/index-1.css': split.css },
      fontsHref: '/static/assets/landing-fonts-1.css',
    });
    expect(html).toContain(
      `<link rel="stylesheet" id="${LANDING_FONTS_ID}" media="print" href="/static/assets/landing-fonts-1.css">`,
    );
    expect(html).not.toContain('inter-400.woff2');
  });

  it('refuses a shell it cannot fill', () => {
    expect(() =>
      injectLanding('<html></html>', { head: '', markup: '', scripts: { entry: '/x.js', preload: [] } }),
    ).toThrow(/#?root/);
  });

  it("loads the landing's entry and preloads everything it imports statically, nothing of the app's", () => {
    const chunk = (fileName: string, imports: string[], extra: object = {}) => ({
      type: 'chunk',
      fileName,
      imports,
      facadeModuleId: null,
      isEntry: false,
      ...extra,
    });
    const bundle = {
      a: chunk('static/js/index.js', ['static/js/react.js', 'static/js/router.js'], {
        isEntry: true,
        facadeModuleId: '/app/src/main.tsx',
      }),
      b: chunk('static/js/react.js', []),
      r: chunk('static/js/router.js', ['static/js/react.js']),
      l: chunk('static/js/landing-main.js', ['static/js/react.js', 'static/js/landing-page.js'], {
        isEntry: true,
        facadeModuleId: '/app/src/landing-main.tsx',
      }),
      c: chunk('static/js/landing-page.js', ['static/js/react.js', 'static/js/input.js'], {
        facadeModuleId: '/app/src/features/landing/landing-page.tsx',
      }),
      d: chunk('static/js/input.js', ['static/js/cn.js']),
      e: chunk('static/js/cn.js', []),
      f: { type: 'asset' },
    };
    expect(landingScripts(bundle)).toEqual({
      entry: '/static/js/landing-main.js',
      preload: [
        '/static/js/react.js',
        '/static/js/landing-page.js',
        '/static/js/input.js',
        '/static/js/cn.js',
      ],
    });
  });

  it('fails the build when the landing entry is missing', () => {
    expect(() => landingScripts({})).toThrow(/landing-main/);
  });
});

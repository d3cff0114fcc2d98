import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '../support/axe';
import { afterNextFrames, baseUrl, DESKTOP, launchBrowser, openPage, PHONE } from '../support/browser';
import { ARTIFACTS_DIR } from '../support/paths';
import { expectFontsAfterThePage, renderedFonts, waitForInter } from '../support/web-fonts';

const HEADLINE = 'Увеличивайте B2B продажи с рассрочкой для покупателей';
const SUCCESS = 'Заявка успешно отправлена! Мы свяжемся с вами в ближайшее время.';
const REFUSED = 'Не удалось отправить заявку. Попробуйте позже.';
const FAILED = 'Произошла ошибка при отправке заявки. Попробуйте позже.';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/**
 * Waits until Preact (the landing's renderer, preact/compat) has hydrated the pre-rendered page: its
 * event handlers sit on the DOM nodes, in the store Preact 11's build names `__e` (its `_listeners`).
 */
async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const button = document.querySelector('button[aria-label="Следующий отзыв"]');
    const listeners = (button as { __e?: Record<string, unknown> } | null)?.__e;
    return typeof listeners?.onClick === 'function';
  });
}

async function openLanding(viewport: { width: number; height: number } = DESKTOP, hasTouch = false) {
  const opened = await openPage(browser, { viewport, hasTouch });
  await opened.page.goto('/');
  await waitForHydration(opened.page);
  return opened;
}

/** Scrolls through the whole page, as a reader would, so every counter starts. */
async function scrollThrough(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += 300) {
      window.scrollTo(0, y);
      // A rendering step after each scroll: the intersection observers see every position.
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    }
  });
}

/** The section has scrolled up to just under the sticky header (its scroll margin). */
function isAtTop(id: string): boolean {
  const top = document.getElementById(id)?.getBoundingClientRect().top ?? 1e9;
  return top >= 0 && top <= 72;
}

async function counterTexts(page: Page): Promise<string[]> {
  return page.locator('[data-counter]').allTextContents();
}

describe('landing page HTML, before any script runs', () => {
  it('serves / as static HTML with the headline in #root and the JSON-LD and metadata in head', async () => {
    const response = await fetch(`${baseUrl()}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    const html = await response.text();

    const root = html.indexOf('<div id="root">');
    const headline = html.indexOf(HEADLINE);
    expect(root).toBeGreaterThan(0);
    expect(headline).toBeGreaterThan(root);
    expect(html).toMatch(new RegExp(`<h1[^>]*>${HEADLINE}</h1>`));
    for (const text of [
      'Увеличьте продажи на 40-60%',
      'Оставить заявку',
      'Что говорят наши клиенты',
      '© 2025',
    ]) {
      expect(html, text).toContain(text);
    }

    const jsonLd = /<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/.exec(html);
    expect(jsonLd?.[1]).toBeDefined();
    const firstScript = html.search(/<script(?![^>]*application\/ld\+json)/);
    expect(html.indexOf('application/ld+json')).toBeLessThan(firstScript);
    const data = JSON.parse(jsonLd?.[1] ?? '{}') as Record<string, unknown>;
    expect(data['@type']).toBe('FinancialService');
    expect(data.offers).toMatchObject({ price: '0', priceCurrency: 'RUB' });
    expect(data.contactPoint).toMatchObject({ contactType: 'customer service', areaServed: 'RU' });
    expect(data.aggregateRating).toMatchObject({ ratingValue: '4.8', reviewCount: '100' });
    expect(data.sameAs).toEqual([expect.stringMatching(/^https:\/\/t\.me\//)]);

    expect(html).toMatch(/<title>[^<]*B2B продажи[^<]*<\/title>/);
    for (const tag of [
      /<meta name="description" content="[^"]+"/,
      /<meta name="keywords" content="[^"]+"/,
      /<meta name="robots" content="index, follow"/,
      /<link rel="canonical" href="https?:\/\/[^"]+\/"/,
      /<meta property="og:type" content="website"/,
      /<meta property="og:image" content="https?:\/\/[^"]+\/og-image\.png"/,
      /<meta property="og:image:width" content="1200"/,
      /<meta property="og:image:height" content="630"/,
      /<meta property="og:locale" content="ru_RU"/,
      /<meta name="twitter:card" content="summary_large_image"/,
    ]) {
      expect(html).toMatch(tag);
    }
    // Each tag once: the pre-render replaced the shell's own title, description and robots.
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/name="description"/g)).toHaveLength(1);
  });

  it('answers other page addresses with the empty shell, not the landing', async () => {
    const html = await (await fetch(`${baseUrl()}/shops/no-such-shop/faq`)).text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain(HEADLINE);
  });

  it('paints in the local fallback font first and swaps in the Inter files the text needs once the page has loaded', async () => {
    const html = await (await fetch(`${baseUrl()}/`)).text();
    // No web font in the inline style: the first paint waits for none of Inter's files.
    expectFontsAfterThePage(html, 'landing-fonts');

    const { page, context } = await openLanding();
    const fontFiles: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('.woff2')) fontFiles.push(request.url());
    });
    await page.reload();
    await waitForHydration(page);
    await waitForInter(page);
    // The headline is drawn in Inter now (the font the browser really used for its glyphs), and only
    // the files of the subsets the text uses were fetched.
    expect(await renderedFonts(context, page, 'h1')).toEqual(['Inter']);
    expect(fontFiles.some((url) => url.includes('cyrillic-wght'))).toBe(true);
    expect(fontFiles.some((url) => /greek|vietnamese/.test(url))).toBe(false);
    await context.close();
  });

  it('shows the page with scripts switched off', async () => {
    const { page, context } = await openPage(browser, { javaScriptEnabled: false, viewport: PHONE });
    await page.goto('/');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(HEADLINE);
    expect(await page.getByRole('link', { name: 'Оставить заявку' }).isVisible()).toBe(true);
    expect(await page.locator('script[type="application/ld+json"]').count()).toBe(1);
    await context.close();
  });

  it('serves robots.txt, sitemap.xml, the social image, the bank marks and the four documents as PDF', async () => {
    const robots = await fetch(`${baseUrl()}/robots.txt`);
    expect(robots.status).toBe(200);
    expect(await robots.text()).toMatch(/^Sitemap: https?:\/\/\S+\/sitemap\.xml$/m);
    const sitemap = await fetch(`${baseUrl()}/sitemap.xml`);
    expect(sitemap.status).toBe(200);
    expect(await sitemap.text()).toMatch(/<urlset[^>]*>[\s\S]*<loc>https?:\/\/[^<]+\/<\/loc>/);

    const image = await fetch(`${baseUrl()}/og-image.png`);
    expect(image.headers.get('content-type')).toBe('image/png');
    const png = Buffer.from(await image.arrayBuffer());
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);

    for (const bank of ['sever', 'volga', 'ural']) {
      const mark = await fetch(`${baseUrl()}/banks/${bank}.svg`);
      expect(mark.status, bank).toBe(200);
      expect(await mark.text()).toContain('<svg');
    }

    for (const [file, title] of [
      ['confidentiality.pdf', 'Политика конфиденциальности'],
      ['agreement.pdf', 'Пользовательское соглашение'],
      ['personal-data-consent.pdf', 'Согласие на обработку персональных данных'],
      ['bank-transfer-consent.pdf', 'Согласие на передачу персональных данных банкам-партнёрам'],
    ] as const) {
      const response = await fetch(`${baseUrl()}/${file}`);
      expect(response.status, file).toBe(200);
      expect(response.headers.get('content-type')).toContain('application/pdf');
      const pdf = Buffer.from(await response.arrayBuffer());
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      expect(pdf.length, file).toBeGreaterThan(10_000);
      // The document's title (its first heading) is in its metadata as UTF-16BE with a byte-order mark.
      const titleBytes = Buffer.concat([
        Buffer.from('(\xfe\xff', 'latin1'),
        Buffer.from(title, 'utf16le').swap16(),
      ]);
      expect(pdf.includes(titleBytes), file).toBe(true);
    }
  });
});

describe('landing page sections', () => {
  it('shows every section of the specification with its texts, in order', async () => {
    const { page, context, errors } = await openLanding();
    const header = page.getByRole('banner');
    expect(await header.getByRole('link', { name: 'Начать сотрудничество' }).isVisible()).toBe(true);
    expect(await header.getByRole('link', { name: 'B2BPay — на главную' }).isVisible()).toBe(true);
    expect(await page.getByText('Увеличьте продажи на 40-60%').isVisible()).toBe(true);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(HEADLINE);
    expect(await page.getByRole('link', { name: 'Оставить заявку' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Узнать подробнее' }).isVisible()).toBe(true);
    for (const bank of ['Банк «Северный Кредит»', 'Банк «Волга Финанс»', 'Банк «Уральский Деловой»']) {
      expect(await page.getByText(bank, { exact: true }).isVisible(), bank).toBe(true);
    }

    const strip = page.getByRole('region', { name: 'B2BPay в цифрах' });
    for (const label of ['компаний уже продают с B2BPay', 'средний рост продаж', 'поддержка без выходных']) {
      expect(await strip.getByText(label).count(), label).toBe(1);
    }

    const h2 = await page.getByRole('main').getByRole('heading', { level: 2 }).allTextContents();
    expect(h2).toEqual([
      'Почему магазины выбирают B2BPay',
      'Всё для работы с рассрочкой в одном месте',
      'Как начать — 3 шага',
      'Что говорят наши клиенты',
      'Подключите рассрочку для своих покупателей',
    ]);
    const benefits = page.locator('#benefits h3');
    expect(await benefits.allTextContents()).toEqual([
      'Бесплатно для магазина',
      'Деньги сразу',
      'Интеграция за 1 день',
      'Рост продаж на 40-60%',
    ]);
    expect(await page.locator('#features article h3').count()).toBe(3);
    expect(await page.locator('#features').getByText('Персональный менеджер и поддержка 24/7').count()).toBe(
      1,
    );
    expect(await page.locator('#how-to-start li h3').allTextContents()).toEqual([
      'Оставьте заявку',
      'Интеграция',
      'Рост продаж',
    ]);
    const carousel = page.getByRole('region', { name: 'Отзывы клиентов' });
    for (const badge of ['+45% продаж', '+60% конверсии', '+35% новых клиентов', '+40% средний чек']) {
      expect(await carousel.getByText(badge, { exact: true }).count(), badge).toBe(1);
    }
    const form = page.locator('form');
    expect(await form.getByLabel('Ваше имя').isVisible()).toBe(true);
    expect(await form.getByLabel('Телефон').getAttribute('type')).toBe('tel');
    expect(await form.getByLabel('Телефон').getAttribute('placeholder')).toMatch(
      /^\+7 \(\d{3}\) \d{3}-\d{2}-\d{2}$/,
    );
    const consent = form.getByRole('link', { name: 'политикой конфиденциальности' });
    expect(await consent.getAttribute('href')).toBe('/confidentiality.pdf');
    expect(await consent.getAttribute('target')).toBe('_blank');
    expect(await page.getByRole('link', { name: 'Написать в Telegram' }).getAttribute('href')).toMatch(
      /^https:\/\/t\.me\//,
    );
    const copyright = page
      .getByRole('contentinfo')
      .getByText(`© 2025–${new Date().getFullYear()} B2BPay. Все права защищены.`);
    // Sections below the fold are laid out once they come near the screen (content-visibility: auto).
    await copyright.scrollIntoViewIfNeeded();
    expect(await copyright.isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the letter tile when the logo image cannot be loaded', async () => {
    const { page, context } = await openPage(browser, { viewport: PHONE });
    await page.route('**/favicon.svg', (route) => route.fulfill({ status: 404, body: '' }));
    await page.goto('/');
    await waitForHydration(page);
    const home = page.getByRole('banner').getByRole('link', { name: 'B2BPay — на главную' });
    await home.getByText('B', { exact: true }).waitFor();
    expect(await home.locator('img').count()).toBe(0);
    await context.close();
  });

  it("hides 'Начать сотрудничество' on a phone, where the hero's actions sit above the fold", async () => {
    const { page, context } = await openLanding(PHONE);
    expect(await page.getByRole('link', { name: 'Начать сотрудничество' }).isVisible()).toBe(false);
    const primary = await page.getByRole('link', { name: 'Оставить заявку' }).boundingBox();
    const secondary = await page.getByRole('link', { name: 'Узнать подробнее' }).boundingBox();
    expect((primary?.y ?? 1e9) + (primary?.height ?? 0)).toBeLessThanOrEqual(PHONE.height);
    expect((secondary?.y ?? 1e9) + (secondary?.height ?? 0)).toBeLessThanOrEqual(PHONE.height);
    await context.close();
  });

  it('scrolls smoothly to the form and to the benefits', async () => {
    const { page, context } = await openLanding();
    await page.getByRole('link', { name: 'Оставить заявку' }).click();
    // The form itself, with the name field focused, not the section's heading.
    await page.waitForFunction(isAtTop, 'enquiry-form');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('name');
    expect(new URL(page.url()).hash).toBe('');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('link', { name: 'Узнать подробнее' }).click();
    await page.waitForFunction(isAtTop, 'benefits');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('banner').getByRole('link', { name: 'Начать сотрудничество' }).click();
    await page.waitForFunction(isAtTop, 'contact');
    await context.close();
  });
});

describe('landing on a phone', () => {
  it('«Оставить заявку» brings the form fields into view at 360 px and focuses the name field', async () => {
    const { page, context } = await openLanding(PHONE);
    await page.getByRole('link', { name: 'Оставить заявку' }).click();
    await page.waitForFunction(isAtTop, 'enquiry-form');
    for (const label of ['Ваше имя', 'Телефон']) {
      const box = await page.locator('form').getByLabel(label).boundingBox();
      expect(box, label).not.toBeNull();
      expect((box?.y ?? -1) >= 64 && (box?.y ?? 1e9) + (box?.height ?? 0) <= PHONE.height, label).toBe(true);
    }
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('name');
    await page.screenshot({ path: path.join(ARTIFACTS_DIR, 'landing-form-360.png') });
    await context.close();
  });

  it('refuses a phone that is not Russian with a clear error and sends nothing', async () => {
    const { page, context } = await openLanding(PHONE);
    const calls: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/shop/enquire')) calls.push(request.url());
    });
    const form = page.locator('form');
    await form.getByLabel('Ваше имя').fill('Пётр');
    for (const typed of ['abc', '1']) {
      await form.getByLabel('Телефон').fill(typed);
      await form.getByRole('button', { name: 'Оставить заявку' }).click();
      await form.getByText('Введите номер телефона в формате +7 (999) 123-45-67').waitFor();
      expect(await form.getByLabel('Телефон').getAttribute('aria-invalid')).toBe('true');
    }
    expect(await form.getByText(/Заявка успешно отправлена/).count()).toBe(0);
    expect(calls).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});

describe('landing counters', () => {
  it('start when scrolled into view, tick up and end at 100+, 45%, «0 ₽» and 24/7', async () => {
    const opened = await openPage(browser, { viewport: PHONE });
    const { page, context } = opened;
    // The page's timers run on a clock the test moves: the counters tick when the test says so.
    await page.clock.install();
    await page.goto('/');
    await waitForHydration(page);
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    // On a phone the strip is below the fold: nothing has counted yet, however long one waits.
    expect(await counterTexts(page)).toEqual(['0+', '0%', '0\u00a0₽', '0/7']);
    await page.clock.runFor(5000);
    expect((await counterTexts(page))[0]).toBe('0+');

    await page.getByRole('region', { name: 'B2BPay в цифрах' }).scrollIntoViewIfNeeded();
    // The strip's observer fires on the browser's next rendering (real time); from then on the
    // counters tick only as the clock is moved, 50 ms at a time, until they stop at their targets.
    const final = ['100+', '45%', '0\u00a0₽', '24/7'];
    const seen = new Set<string>();
    for (let moved = 0; moved < 10_000; moved += 50) {
      await page.clock.runFor(50);
      const texts = await counterTexts(page);
      seen.add(texts[0] ?? '');
      if (texts.join() === final.join()) break;
    }
    expect(await counterTexts(page)).toEqual(['100+', '45%', '0\u00a0₽', '24/7']);
    // It counted, rather than jumping to the end.
    expect(seen.size).toBeGreaterThan(5);
    await context.close();
  });

  it('show the targets at once for a reader who prefers reduced motion', async () => {
    const { page, context } = await openPage(browser, { viewport: PHONE, reducedMotion: 'reduce' });
    await page.goto('/');
    await waitForHydration(page);
    await page.getByRole('region', { name: 'B2BPay в цифрах' }).scrollIntoViewIfNeeded();
    await page.waitForFunction(() => document.querySelector('[data-counter="100"]')?.textContent === '100+');
    expect(await counterTexts(page)).toEqual(['100+', '45%', '0\u00a0₽', '24/7']);
    await context.close();
  });
});

describe('testimonial carousel', () => {
  const active = (page: Page) => page.locator('[aria-roledescription="слайд"][data-active="true"]');

  async function expectShown(page: Page, index: number) {
    expect(await active(page).getAttribute('aria-label')).toBe(`Отзыв ${index} из 4`);
    // The slide is the one actually in view, not merely flagged.
    await page.waitForFunction((n) => {
      const slide = document.querySelector(`[aria-label="Отзыв ${n} из 4"]`);
      const frame = slide?.parentElement?.parentElement;
      if (!slide || !frame) return false;
      return Math.abs(slide.getBoundingClientRect().left - frame.getBoundingClientRect().left) < 2;
    }, index);
  }

  it('wraps around both ways and jumps with the dots', async () => {
    const { page, context } = await openLanding();
    await page.getByRole('region', { name: 'Отзывы клиентов' }).scrollIntoViewIfNeeded();
    await expectShown(page, 1);
    await page.getByRole('button', { name: 'Предыдущий отзыв' }).click();
    await expectShown(page, 4);
    expect(await active(page).textContent()).toContain('+40% средний чек');
    await page.getByRole('button', { name: 'Следующий отзыв' }).click();
    await expectShown(page, 1);
    await page.getByRole('button', { name: 'Следующий отзыв' }).click();
    await expectShown(page, 2);
    expect(await active(page).textContent()).toContain('+60% конверсии');
    await page.getByRole('button', { name: 'Показать отзыв 4 из 4' }).click();
    await expectShown(page, 4);
    expect(
      await page.getByRole('button', { name: 'Показать отзыв 4 из 4' }).getAttribute('aria-current'),
    ).toBe('true');
    await page.getByRole('button', { name: 'Следующий отзыв' }).click();
    await expectShown(page, 1);
    await page.getByRole('button', { name: 'Показать отзыв 3 из 4' }).click();
    await expectShown(page, 3);
    expect(await active(page).textContent()).toContain('+35% новых клиентов');
    await context.close();
  });

  it('turns on a swipe on a touch screen', async () => {
    const { page, context } = await openLanding(PHONE, true);
    const frame = page.locator('[aria-roledescription="карусель"] > div').first();
    await frame.scrollIntoViewIfNeeded();
    const swipe = (fromX: number, toX: number) =>
      frame.evaluate(
        (element, [from, to]) => {
          const rect = element.getBoundingClientRect();
          const y = rect.top + rect.height / 2;
          const touch = (x: number) => new Touch({ identifier: 1, target: element, clientX: x, clientY: y });
          element.dispatchEvent(
            new TouchEvent('touchstart', {
              bubbles: true,
              touches: [touch(from)],
              changedTouches: [touch(from)],
            }),
          );
          element.dispatchEvent(
            new TouchEvent('touchend', { bubbles: true, touches: [], changedTouches: [touch(to)] }),
          );
        },
        [fromX, toX] as const,
      );
    await swipe(300, 100);
    await expectShown(page, 2);
    await swipe(100, 300);
    await expectShown(page, 1);
    await swipe(100, 300);
    await expectShown(page, 4);
    await context.close();
  });
});

describe('landing contact form', () => {
  it('sends the enquiry to the real server: Отправка..., then the green success, and both fields clear', async () => {
    const { page, context, errors } = await openLanding(PHONE);
    // Hold the request (it still goes to the real server) until the busy state has been seen.
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/shop/enquire', async (route) => {
      await released;
      await route.continue();
    });
    const form = page.locator('form');
    await form.getByLabel('Ваше имя').fill('Ольга Смирнова');
    await form.getByLabel('Телефон').fill('+7 912 345-67-89');
    const answer = page.waitForResponse('**/api/shop/enquire');
    await form.getByRole('button', { name: 'Оставить заявку' }).click();
    const busy = form.getByRole('button', { name: 'Отправка...' });
    await busy.waitFor();
    expect(await busy.isDisabled()).toBe(true);
    release();

    const response = await answer;
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({
      success: true,
      message: 'Спасибо! Мы получили заявку и свяжемся с вами в ближайшее время.',
    });
    const status = form.getByRole('status');
    await status.getByText(SUCCESS).waitFor();
    expect(await status.getAttribute('class')).toContain('bg-green-50');
    expect(await form.getByLabel('Ваше имя').inputValue()).toBe('');
    expect(await form.getByLabel('Телефон').inputValue()).toBe('');
    expect(await form.getByRole('button', { name: 'Оставить заявку' }).isEnabled()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows the server's refusal (success false) and the default refusal text without a message", async () => {
    const { page, context } = await openLanding();
    let message = 'Приём заявок временно приостановлен';
    await page.route('**/api/shop/enquire', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, message }),
      }),
    );
    const form = page.locator('form');
    await form.getByLabel('Ваше имя').fill('Пётр');
    await form.getByLabel('Телефон').fill('89001234567');
    await form.getByRole('button', { name: 'Оставить заявку' }).click();
    const alert = form.getByRole('alert');
    await alert.getByText(message).waitFor();
    expect(await alert.getAttribute('class')).toContain('bg-red-50');
    expect(await form.getByLabel('Ваше имя').inputValue()).toBe('Пётр');

    message = '';
    await form.getByRole('button', { name: 'Оставить заявку' }).click();
    await alert.getByText(REFUSED).waitFor();
    await context.close();
  });

  it('shows the generic failure when the real server rejects the input (400)', async () => {
    const { page, context } = await openLanding();
    const form = page.locator('form');
    await form.getByLabel('Ваше имя').fill('Пётр');
    // Past the name field's own length limit, which the server enforces as well (the phone is a
    // valid one: a wrong phone is refused in the browser before any request).
    await form.getByLabel('Ваше имя').evaluate((input) => input.removeAttribute('maxlength'));
    await form.getByLabel('Ваше имя').fill('П'.repeat(300));
    await form.getByLabel('Телефон').fill('+79001234567');
    const answer = page.waitForResponse('**/api/shop/enquire');
    await form.getByRole('button', { name: 'Оставить заявку' }).click();
    const response = await answer;
    expect(response.status()).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: 'VALIDATION_ERROR', field: 'name' } });
    await form.getByRole('alert').getByText(FAILED).waitFor();
    await context.close();
  });

  it('shows the generic failure on a network error', async () => {
    const { page, context } = await openLanding(PHONE);
    await page.route('**/api/shop/enquire', (route) => route.abort('internetdisconnected'));
    const form = page.locator('form');
    await form.getByLabel('Ваше имя').fill('Пётр');
    await form.getByLabel('Телефон').fill('+79001234567');
    await form.getByRole('button', { name: 'Оставить заявку' }).click();
    await form.getByRole('alert').getByText(FAILED).waitFor();
    expect(await form.getByLabel('Телефон').inputValue()).toBe('+79001234567');
    await context.close();
  });

  it('lets the browser refuse empty fields without calling the server', async () => {
    const { page, context } = await openLanding();
    let calls = 0;
    await page.route('**/api/shop/enquire', (route) => {
      calls += 1;
      return route.continue();
    });
    const form = page.locator('form');
    await form.getByRole('button', { name: 'Оставить заявку' }).click();
    expect(
      await form.getByLabel('Ваше имя').evaluate((input: HTMLInputElement) => input.validity.valueMissing),
    ).toBe(true);
    await afterNextFrames(page);
    expect(calls).toBe(0);
    await context.close();
  });
});

describe('landing accessibility and layout', () => {
  for (const [label, viewport] of [
    ['360 px', PHONE],
    ['1280 px', DESKTOP],
  ] as const) {
    it(`has no axe violations and no horizontal scrolling at ${label}`, async () => {
      const { page, context, errors } = await openLanding(viewport);
      await scrollThrough(page);
      await page.waitForFunction(
        () => document.querySelector('[data-counter="100"]')?.textContent === '100+',
      );
      expect(await axeViolations(page)).toEqual([]);
      const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
      expect(widths[0]).toBeLessThanOrEqual(widths[1] ?? 0);
      mkdirSync(ARTIFACTS_DIR, { recursive: true });
      // A full-page picture includes what is off screen, which content-visibility: auto leaves unpainted.
      await page.evaluate(() => {
        for (const section of document.querySelectorAll<HTMLElement>('[data-deferred]')) {
          section.style.contentVisibility = 'visible';
        }
        window.scrollTo(0, 0);
      });
      await page.screenshot({
        path: path.join(ARTIFACTS_DIR, `landing-${viewport.width}.png`),
        fullPage: true,
      });
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});

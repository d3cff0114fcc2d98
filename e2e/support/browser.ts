import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Page,
} from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';

export const PHONE = { width: 360, height: 780 } as const;
export const DESKTOP = { width: 1280, height: 900 } as const;

let fileBaseUrl: string | undefined;

/** Set by support/file-server.ts once this file's own server answers. */
export function setBaseUrl(url: string): void {
  fileBaseUrl = url;
}

/** The base URL of this test file's own server (support/file-server.ts). */
export function baseUrl(): string {
  if (!fileBaseUrl)
    throw new Error('baseUrl() before the file server started (call it inside a test or hook)');
  return fileBaseUrl;
}

/**
 * Two animation frames and a task in the page: whatever a click or a resize set off synchronously
 * (a request, a layout, a state update) has happened by then. For checking that something did NOT
 * happen without waiting a fixed time.
 */
export async function afterNextFrames(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(() => resolve(), 0))),
      ),
  );
}

/**
 * Holds the page's requests to `url` until `release()` is called, as a slow network would: a script
 * that comes late. `requested()` tells whether the page has asked for it yet.
 */
export async function holdRequests(
  page: Page,
  url: string | RegExp,
): Promise<{ release: () => void; requested: () => boolean }> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let requested = false;
  await page.route(url, async (route) => {
    requested = true;
    await held;
    await route.continue();
  });
  return { release, requested: () => requested };
}

/** Finite animations (accordions, dropdowns, toasts) have run to their end; spinners are left alone. */
export async function animationsFinished(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}

export interface OpenedPage {
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught page errors seen so far. */
  errors: string[];
}

/**
 * A fresh context (own storage, Moscow time like the product's users) and a page in it. Console
 * errors are collected so tests can assert a clean run.
 */
export async function openPage(browser: Browser, options: BrowserContextOptions = {}): Promise<OpenedPage> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    locale: 'ru-RU',
    timezoneId: 'Europe/Moscow',
    viewport: DESKTOP,
    ...options,
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return { context, page, errors };
}

/**
 * Records the page's layout shifts from its first paint (call before `goto`); the returned function
 * reads the values recorded so far.
 */
export async function recordLayoutShifts(page: Page): Promise<() => Promise<number[]>> {
  await page.addInitScript(() => {
    const seen = window as unknown as { layoutShifts: number[] };
    seen.layoutShifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        seen.layoutShifts.push((entry as unknown as { value: number }).value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return () => page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts);
}

/**
 * Yandex Metrica (spec §2, §7, §9). Two counters: VITE_METRIKA_LANDING_ID for the landing page (path /)
 * and VITE_METRIKA_ID for every other path. Without a counter id for the current path nothing is
 * loaded and every call is a no-op.
 */

type YmArgs = [counterId: number, method: string, ...args: unknown[]];
type Ym = ((...args: YmArgs) => void) & { a?: unknown[]; l?: number };

declare global {
  interface Window {
    ym?: Ym;
  }
}

export const GOALS = {
  START_APPLICATION: 'START_APPLICATION',
  COMPLETE_STEP1: 'COMPLETE_STEP1',
  SEND_PHONE_CODE: 'SEND_PHONE_CODE',
  SEND_EMAIL_CODE: 'SEND_EMAIL_CODE',
  COMPLETE_APPLICATION: 'COMPLETE_APPLICATION',
  SUCCESS_PAGE_VIEW: 'SUCCESS_PAGE_VIEW',
  FORM_START: 'form_start',
  TELEGRAM_CLICK: 'telegram_click',
  FORM_SUBMIT_SUCCESS: 'form_submit_success',
} as const;
export type Goal = (typeof GOALS)[keyof typeof GOALS];

export interface MetrikaConfig {
  defaultId?: string;
  landingId?: string;
}

const TAG_URL = 'https://mc.yandex.ru/metrika/tag.js';

function parseId(value: string | undefined): number | null {
  if (!value) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** Spec §2: path / uses the landing counter, every other path the default one. */
export function counterIdForPath(pathname: string, config: MetrikaConfig): number | null {
  return pathname === '/' ? parseId(config.landingId) : parseId(config.defaultId);
}

/** Spec §2: shops/{id} sets shopId, client/{id} sets clientId. */
export function userParamsForPath(pathname: string): Record<string, string> {
  const params: Record<string, string> = {};
  const shop = /\/shops\/([^/]+)/.exec(pathname);
  if (shop?.[1] && shop[1] !== 'order-qr' && shop[1] !== 'button-demo' && shop[1] !== 'api-docs') {
    params.shopId = decodeURIComponent(shop[1]);
  }
  const client = /\/client\/([^/]+)/.exec(pathname);
  if (client?.[1] && client[1] !== 'faq' && client[1] !== 'support')
    params.clientId = decodeURIComponent(client[1]);
  return params;
}

export class Metrika {
  private readonly initialised = new Set<number>();
  private current: number | null = null;

  constructor(
    private readonly config: MetrikaConfig,
    private readonly windowOverride?: Window,
  ) {}

  // Resolved on use, not at construction: the module is also imported where there is no window (the
  // landing page's build-time pre-render), and every call happens in the browser.
  private get win(): Window {
    return this.windowOverride ?? window;
  }

  get enabled(): boolean {
    return parseId(this.config.defaultId) !== null || parseId(this.config.landingId) !== null;
  }

  private ym(): Ym {
    const existing = this.win.ym;
    if (existing) return existing;
    // The official snippet: queue calls until tag.js arrives and replaces window.ym.
    const queue: Ym = (...args: YmArgs) => {
      queue.a = queue.a ?? [];
      queue.a.push(args);
    };
    queue.l = Date.now();
    this.win.ym = queue;
    const script = this.win.document.createElement('script');
    script.async = true;
    script.src = TAG_URL;
    this.win.document.head.appendChild(script);
    return queue;
  }

  /** Reports one page view: path, referrer, user agent and timestamp, plus the shop/client user params. */
  hit(pathname: string): void {
    const id = counterIdForPath(pathname, this.config);
    this.current = id;
    if (id === null) return;
    const ym = this.ym();
    if (!this.initialised.has(id)) {
      this.initialised.add(id);
      ym(id, 'init', {
        defer: true,
        clickmap: true,
        trackLinks: true,
        accurateTrackBounce: true,
        webvisor: true,
      });
    }
    const referrer = this.win.document.referrer;
    // The path only: the query string may still carry a shop's token on the very first load.
    ym(id, 'hit', pathname, {
      referer: referrer,
      params: {
        path: pathname,
        referrer,
        userAgent: this.win.navigator.userAgent,
        timestamp: new Date().toISOString(),
      },
    });
    const userParams = userParamsForPath(pathname);
    if (Object.keys(userParams).length > 0) ym(id, 'userParams', userParams);
  }

  reachGoal(name: Goal | string, params?: Record<string, unknown>): void {
    const id = this.current ?? counterIdForPath(this.win.location.pathname, this.config);
    if (id === null) return;
    this.ym()(id, 'reachGoal', name, params);
  }
}

export const metrika = new Metrika({
  defaultId: import.meta.env.VITE_METRIKA_ID,
  landingId: import.meta.env.VITE_METRIKA_LANDING_ID,
});

/** Sends an analytics goal on the current page's counter (silent without a counter). */
export function reachGoal(name: Goal | string, params?: Record<string, unknown>): void {
  metrika.reachGoal(name, params);
}

import { apiBaseFrom, type CreatedOrder, createOrder, newIdempotencyKey, WidgetError } from './api';
import { TEXT } from './messages';
import {
  attributeFlag,
  type ButtonConfig,
  buildOrder,
  clientFrom,
  configFromInit,
  type InitOptions,
  normalizeSize,
  normalizeTheme,
} from './options';
import { parsePaymentData } from './payment-data';
import { STYLES } from './styles';

export const ATTRIBUTES = [
  'api-token',
  'payment-data',
  'size',
  'theme',
  'subtext',
  'client-surname',
  'client-name',
  'client-middlename',
  'client-phone',
  'client-email',
  'webhook-url',
  'return-url',
  'cancel-url',
  'debug',
] as const;

/** Read once, while the script itself runs: later `document.currentScript` is someone else's. */
const scriptSrc =
  (document.currentScript as HTMLScriptElement | null)?.src ??
  document.querySelector<HTMLScriptElement>('script[src*="/widget/v1/b2bpay"]')?.src;
export const API_BASE = apiBaseFrom(scriptSrc, location.origin);

const LOGO =
  '<svg class="lg" viewBox="0 0 64 64" aria-hidden="true" focusable="false"><rect width="64" height="64" rx="14"/>' +
  '<path fill-rule="evenodd" d="M20 16h15c7 0 11 3.6 11 9 0 3.4-1.8 5.8-4.6 7 3.8 1 6.1 3.9 6.1 7.9C47.5 45.8 43 49 35.8 49H20zm8 6.6v7.6h6c3 0 4.6-1.3 4.6-3.8s-1.6-3.8-4.6-3.8zm0 13.8v6.2h6.8c3.2 0 5-1.1 5-3.1s-1.8-3.1-5-3.1z"/></svg>';

export interface OrderCreatedDetail {
  order: CreatedOrder;
}

export interface OrderErrorDetail {
  message: string;
  status: number | null;
}

/**
 * `<b2bpay-button>`: a native button in a shadow root. A click creates the order with the shop's
 * publishable key and sends the buyer to the order's page. Configured by attributes, or by
 * `B2BPay.init`, which sets `options` and makes the attributes irrelevant.
 */
export class B2BPayButton extends HTMLElement {
  static get observedAttributes(): readonly string[] {
    return ATTRIBUTES;
  }

  private initOptions: InitOptions | null = null;
  private readonly wrap: HTMLElement;
  private readonly button: HTMLButtonElement;
  private readonly label: HTMLElement;
  private readonly subtext: HTMLElement;
  private readonly spinner: HTMLElement;
  private readonly message: HTMLElement;
  private readonly status: HTMLElement;
  private busy = false;
  /** The last failure of a click; cleared when the configuration changes. */
  private failure = '';
  private reportedProblem = '';
  /** The key of a request whose outcome is unknown (network failure): a retry must reuse it. */
  private pending: { body: string; key: string } | null = null;
  private readonly onPageShow = (event: PageTransitionEvent) => {
    // Back from the order page through the back-forward cache: the button is usable again.
    if (event.persisted) this.setBusy(false);
  };

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    root.innerHTML =
      `<style>${STYLES}</style><div class="w"><button type="button" class="b" part="button">${LOGO}` +
      '<span class="t"><span class="l"></span><span class="st"></span></span>' +
      '<span class="sp" hidden></span></button><p class="m" role="alert" part="message"></p>' +
      '<span class="sr" role="status"></span></div>';
    const get = (selector: string) => root.querySelector(selector) as HTMLElement;
    this.wrap = get('.w');
    this.button = get('button') as HTMLButtonElement;
    this.label = get('.l');
    this.subtext = get('.st');
    this.spinner = get('.sp');
    this.message = get('.m');
    this.status = get('.sr');
    this.button.addEventListener('click', () => void this.submit());
  }

  /** The parameters given to `B2BPay.init`, or null when the attributes configure the button. */
  get options(): InitOptions | null {
    return this.initOptions;
  }

  set options(value: InitOptions | null) {
    this.initOptions = value;
    this.failure = '';
    this.render();
  }

  /** Changes some `B2BPay.init` parameters, e.g. the items when the cart changes. */
  update(changes: Partial<InitOptions>): void {
    if (!this.initOptions) throw new Error('B2BPay: update() — только для кнопки, созданной B2BPay.init');
    this.options = { ...this.initOptions, ...changes };
  }

  connectedCallback(): void {
    window.addEventListener('pageshow', this.onPageShow);
    this.render();
    this.log('настройки', this.maskedConfig());
  }

  disconnectedCallback(): void {
    window.removeEventListener('pageshow', this.onPageShow);
  }

  attributeChangedCallback(): void {
    if (this.initOptions) return;
    this.failure = '';
    if (this.isConnected) this.render();
  }

  /** The configuration in force now. */
  config(): ButtonConfig {
    if (this.initOptions) return configFromInit(this.initOptions);
    const attr = (name: string) => this.getAttribute(name);
    return {
      apiToken: attr('api-token') ?? '',
      items: parsePaymentData(attr('payment-data')),
      size: normalizeSize(attr('size')),
      theme: normalizeTheme(attr('theme')),
      subtext: attr('subtext') ?? TEXT.defaultSubtext,
      client: clientFrom({
        surname: attr('client-surname'),
        name: attr('client-name'),
        middlename: attr('client-middlename'),
        phone_number: attr('client-phone'),
        email: attr('client-email'),
      }),
      webhookUrl: attr('webhook-url') ?? '',
      returnUrl: attr('return-url') ?? '',
      cancelUrl: attr('cancel-url') ?? '',
      debug: attributeFlag(attr('debug')),
    };
  }

  private log(...parts: unknown[]): void {
    if (this.config().debug) console.info('[B2BPay]', ...parts);
  }

  private maskedConfig(): ButtonConfig {
    const config = this.config();
    const key = config.apiToken;
    return { ...config, apiToken: key.length > 12 ? `${key.slice(0, 8)}…${key.slice(-4)}` : key };
  }

  private render(): void {
    const config = this.config();
    const built = buildOrder(config);
    const problem = 'error' in built ? built.error : '';
    // A broken configuration is the developer's to fix: say it in the console once, whatever `debug` is.
    if (problem && problem !== this.reportedProblem) console.error('[B2BPay]', problem);
    this.reportedProblem = problem;
    this.wrap.className = `w ${config.size} ${config.theme}`;
    this.label.textContent = this.busy ? TEXT.loading : TEXT.label;
    this.subtext.textContent = this.busy ? '' : config.subtext;
    this.spinner.hidden = !this.busy;
    this.button.setAttribute('aria-disabled', String(problem !== '' || this.busy));
    if (this.busy) this.button.setAttribute('aria-busy', 'true');
    else this.button.removeAttribute('aria-busy');
    this.message.textContent = problem || this.failure;
  }

  private setBusy(busy: boolean): void {
    this.busy = busy;
    this.status.textContent = busy ? TEXT.loading : '';
    this.render();
  }

  private async submit(): Promise<void> {
    if (this.busy) return;
    const config = this.config();
    const built = buildOrder(config);
    if ('error' in built) {
      this.render();
      return;
    }
    const body = JSON.stringify(built.body);
    if (this.pending?.body !== body) this.pending = { body, key: newIdempotencyKey() };
    this.failure = '';
    this.setBusy(true);
    try {
      const order = await createOrder(API_BASE, config.apiToken, built.body, this.pending.key, (...parts) =>
        this.log(...parts),
      );
      this.pending = null;
      this.log('заказ создан', order.order_number, order.link);
      const proceed = this.dispatchEvent(
        new CustomEvent<OrderCreatedDetail>('b2bpay:order-created', {
          detail: { order },
          bubbles: true,
          composed: true,
          cancelable: true,
        }),
      );
      if (proceed) {
        this.status.textContent = TEXT.redirecting;
        window.location.assign(order.link);
        return;
      }
      this.setBusy(false);
    } catch (error) {
      const status = error instanceof WidgetError ? error.status : null;
      // The server answered, so the order was not created: the next click may use a new key.
      if (status !== null) this.pending = null;
      this.failure = error instanceof WidgetError ? error.message : TEXT.failed;
      // The shop's developer must learn the real cause even without `debug`; the buyer sees neutral text.
      if (error instanceof WidgetError && error.developerNote) console.error('[B2BPay]', error.developerNote);
      this.log('ошибка', this.failure, error);
      this.setBusy(false);
      this.dispatchEvent(
        new CustomEvent<OrderErrorDetail>('b2bpay:error', {
          detail: { message: this.failure, status },
          bubbles: true,
          composed: true,
        }),
      );
    }
  }
}

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiBaseFrom, errorText } from './api';
import type { B2BPayButton } from './element';
import { TEXT } from './messages';
import './index';

const KEY = 'pk_demo_9c2e7a4f1b6d8035e2a9c7b1f4d6e8a2';
const PAYMENT = JSON.stringify({
  'items.0.name': 'Бумага А4',
  'items.0.price': 350.1,
  'items.0.quantity': 3,
});

interface Call {
  url: string;
  init: RequestInit;
}

function mockFetch(answer: () => Response | Promise<Response>): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return answer();
    }),
  );
  return calls;
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const order = (id = '7d1f2c3a-0000-4000-8000-000000000001') => ({
  id,
  order_number: '1001',
  amount: 1050.3,
  link: `${location.origin}/#/client/${id}`,
});

function mount(attributes: Record<string, string>): B2BPayButton {
  const element = document.createElement('b2bpay-button');
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  document.body.append(element);
  return element;
}

const shadow = (element: Element) => element.shadowRoot!;
const button = (element: Element) => shadow(element).querySelector('button')!;
const message = (element: Element) => shadow(element).querySelector('[role="alert"]')!.textContent;
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'info').mockImplementation(() => {});
});

afterEach(() => {
  document.body.replaceChildren();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  history.replaceState(null, '', '/');
});

describe('<b2bpay-button>', () => {
  it('renders a native button with the label and subtext in an open shadow root', () => {
    const element = mount({ 'api-token': KEY, 'payment-data': PAYMENT, subtext: 'Решение за день' });
    expect(element.shadowRoot).not.toBeNull();
    expect(button(element).type).toBe('button');
    expect(button(element).textContent).toContain(TEXT.label);
    expect(button(element).textContent).toContain('Решение за день');
    expect(button(element).getAttribute('aria-disabled')).toBe('false');
    expect(shadow(element).querySelector('.w')!.className).toBe('w M light');
    expect(message(element)).toBe('');
  });

  it('follows size and theme attributes, also when they change later', () => {
    const element = mount({ 'api-token': KEY, 'payment-data': PAYMENT, size: 'S', theme: 'dark' });
    expect(shadow(element).querySelector('.w')!.className).toBe('w S dark');
    element.setAttribute('size', 'l');
    element.setAttribute('theme', 'light');
    expect(shadow(element).querySelector('.w')!.className).toBe('w L light');
  });

  it('keeps the default subtext unless one is given; an empty one removes it', () => {
    expect(button(mount({ 'api-token': KEY, 'payment-data': PAYMENT })).textContent).toContain(
      TEXT.defaultSubtext,
    );
    expect(button(mount({ 'api-token': KEY, 'payment-data': PAYMENT, subtext: '' })).textContent).toBe(
      TEXT.label,
    );
  });

  it('refuses a secret key at once, says why in Russian and never calls the API', async () => {
    const calls = mockFetch(() => json(order()));
    const element = mount({
      'api-token': 'sk_demo_4f7b2c9e1a8d6035b2e9c7f1a4d8b6e2',
      'payment-data': PAYMENT,
    });
    expect(message(element)).toBe(TEXT.secretKey);
    expect(button(element).getAttribute('aria-disabled')).toBe('true');
    expect(console.error).toHaveBeenCalledWith('[B2BPay]', TEXT.secretKey);
    button(element).click();
    await settle();
    expect(calls).toHaveLength(0);
  });

  it('says what is missing when there is no key or no items', () => {
    expect(message(mount({ 'payment-data': PAYMENT }))).toBe(TEXT.noKey);
    expect(message(mount({ 'api-token': KEY }))).toBe(TEXT.noItems);
    expect(message(mount({ 'api-token': KEY, 'payment-data': '{bad' }))).toBe(TEXT.badPaymentData);
  });

  it('creates the order with the publishable key and goes to its link', async () => {
    const calls = mockFetch(() => json(order()));
    const element = mount({
      'api-token': KEY,
      'payment-data': PAYMENT,
      'client-email': 'buyer@example.ru',
      'client-surname': 'Петров',
      'webhook-url': 'https://shop.example.ru/b2bpay',
      'return-url': 'https://shop.example.ru/order/77',
      'cancel-url': 'https://shop.example.ru/cart',
    });
    const created = vi.fn();
    element.addEventListener('b2bpay:order-created', created);
    button(element).click();
    expect(button(element).getAttribute('aria-busy')).toBe('true');
    expect(button(element).textContent).toContain(TEXT.loading);
    expect(shadow(element).querySelector('[role="status"]')!.textContent).toBe(TEXT.loading);
    await vi.waitFor(() => expect(location.hash).toBe(`#/client/${order().id}`));
    expect(calls).toHaveLength(1);
    const call = calls[0]!;
    expect(call.url).toBe(`${location.origin}/api/order/orders`);
    expect(call.init.method).toBe('POST');
    const headers = call.init.headers as Record<string, string>;
    expect(headers.Authorization).toBe(`Bearer ${KEY}`);
    expect(headers['Content-Type']).toBe('application/json');
    expect(headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(JSON.parse(String(call.init.body))).toEqual({
      products: [{ name: 'Бумага А4', price: 350.1, quantity: 3 }],
      client: { surname: 'Петров', email: 'buyer@example.ru' },
      webhook_url: 'https://shop.example.ru/b2bpay',
      return_url: 'https://shop.example.ru/order/77',
      cancel_url: 'https://shop.example.ru/cart',
    });
    expect(created).toHaveBeenCalledOnce();
    expect((created.mock.calls[0]![0] as CustomEvent).detail.order.id).toBe(order().id);
  });

  it('stays on the page when the shop cancels the order-created event', async () => {
    mockFetch(() => json(order()));
    const element = mount({ 'api-token': KEY, 'payment-data': PAYMENT });
    element.addEventListener('b2bpay:order-created', (event) => event.preventDefault());
    button(element).click();
    await vi.waitFor(() => expect(button(element).hasAttribute('aria-busy')).toBe(false));
    expect(location.hash).toBe('');
    expect(button(element).textContent).toContain(TEXT.label);
  });

  it('shows a wrong key as a Russian error in the button and lets the buyer try again', async () => {
    const calls = mockFetch(() =>
      json(
        { detail: 'Неверный или отозванный ключ API', error: { code: 'UNAUTHORIZED', message: 'x' } },
        401,
      ),
    );
    const element = mount({ 'api-token': 'pk_wrong', 'payment-data': PAYMENT });
    const failed = vi.fn();
    element.addEventListener('b2bpay:error', failed);
    button(element).click();
    await vi.waitFor(() => expect(message(element)).toBe(TEXT.badKey));
    expect(button(element).getAttribute('aria-disabled')).toBe('false');
    expect((failed.mock.calls[0]![0] as CustomEvent).detail).toEqual({ message: TEXT.badKey, status: 401 });
    button(element).click();
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    const keys = calls.map((c) => (c.init.headers as Record<string, string>)['Idempotency-Key']);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('shows buyers a neutral text when the site is not in widget_origins, and names the cause in the console', async () => {
    mockFetch(() =>
      json(
        {
          detail: 'Этот сайт не указан в настройках магазина (widget_origins)',
          error: { code: 'FORBIDDEN', message: 'Этот сайт не указан в настройках магазина (widget_origins)' },
        },
        403,
      ),
    );
    const element = mount({ 'api-token': KEY, 'payment-data': PAYMENT });
    const failed = vi.fn();
    element.addEventListener('b2bpay:error', failed);
    button(element).click();
    await vi.waitFor(() =>
      expect(message(element)).toBe(
        'Оплата в рассрочку сейчас недоступна. Попробуйте позже или свяжитесь с магазином.',
      ),
    );
    expect((failed.mock.calls[0]![0] as CustomEvent).detail).toEqual({
      message: TEXT.unavailable,
      status: 403,
    });
    const logged = vi.mocked(console.error).mock.calls.map((c) => c.join(' '));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toContain('[B2BPay]');
    expect(logged[0]).toContain(`Сайт ${location.origin} не указан`);
    expect(logged[0]).toContain('widget_origins');
    expect(logged[0]).toContain('HTTP 403');
  });

  it('keeps other refusals as they were: a wrong key says so, and the console stays quiet', async () => {
    mockFetch(() =>
      json({ detail: 'Публикуемый ключ не может…', error: { code: 'FORBIDDEN', message: 'x' } }, 403),
    );
    const element = mount({ 'api-token': KEY, 'payment-data': PAYMENT });
    button(element).click();
    await vi.waitFor(() => expect(message(element)).toBe(TEXT.badKey));
    expect(console.error).not.toHaveBeenCalled();
  });

  it('says the service is unavailable when the network fails, and retries with the same Idempotency-Key', async () => {
    let fail = true;
    const calls = mockFetch(() => {
      if (fail) throw new TypeError('Failed to fetch');
      return json(order());
    });
    const element = mount({ 'api-token': KEY, 'payment-data': PAYMENT });
    element.addEventListener('b2bpay:order-created', (event) => event.preventDefault());
    button(element).click();
    await vi.waitFor(() => expect(message(element)).toBe(TEXT.network));
    fail = false;
    button(element).click();
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    await vi.waitFor(() => expect(message(element)).toBe(''));
    const keys = calls.map((c) => (c.init.headers as Record<string, string>)['Idempotency-Key']);
    expect(keys[0]).toBe(keys[1]);
  });

  it('ignores clicks while a request is running', async () => {
    let release: (r: Response) => void = () => {};
    const calls = mockFetch(() => new Promise<Response>((resolve) => (release = resolve)));
    const element = mount({ 'api-token': KEY, 'payment-data': PAYMENT });
    element.addEventListener('b2bpay:order-created', (event) => event.preventDefault());
    button(element).click();
    button(element).click();
    await settle();
    expect(calls).toHaveLength(1);
    release(json(order()));
    await vi.waitFor(() => expect(button(element).hasAttribute('aria-busy')).toBe(false));
  });

  it('logs to the console only with debug, never printing the whole key', async () => {
    mockFetch(() => json(order()));
    const quiet = mount({ 'api-token': KEY, 'payment-data': PAYMENT });
    quiet.addEventListener('b2bpay:order-created', (event) => event.preventDefault());
    button(quiet).click();
    await vi.waitFor(() => expect(button(quiet).hasAttribute('aria-busy')).toBe(false));
    expect(console.info).not.toHaveBeenCalled();

    const loud = mount({ 'api-token': KEY, 'payment-data': PAYMENT, debug: '' });
    loud.addEventListener('b2bpay:order-created', (event) => event.preventDefault());
    button(loud).click();
    await vi.waitFor(() => expect(button(loud).hasAttribute('aria-busy')).toBe(false));
    const logged = vi.mocked(console.info).mock.calls;
    expect(logged.map((c) => c[1])).toEqual(
      expect.arrayContaining(['настройки', 'POST', 'ответ', 'заказ создан']),
    );
    expect(JSON.stringify(logged)).not.toContain(KEY);
  });
});

describe('B2BPay.init', () => {
  it('renders into a container found by selector, replacing its content, with the init parameters', async () => {
    document.body.innerHTML = '<div id="pay">старое</div>';
    const calls = mockFetch(() => json(order()));
    const element = window.B2BPay.init({
      container: '#pay',
      apiToken: KEY,
      items: [{ name: 'Кресло', price: 12000, quantity: 2 }],
      size: 'S',
      theme: 'dark',
      subtext: 'Для юрлиц',
      clientPhone: '+79991234567',
    });
    const container = document.getElementById('pay')!;
    expect(container.children).toHaveLength(1);
    expect(container.firstElementChild).toBe(element);
    expect(container.textContent).toBe('');
    expect(shadow(element).querySelector('.w')!.className).toBe('w S dark');
    expect(button(element).textContent).toContain('Для юрлиц');
    // Attributes do not override init parameters.
    element.setAttribute('size', 'L');
    expect(shadow(element).querySelector('.w')!.className).toBe('w S dark');
    element.addEventListener('b2bpay:order-created', (event) => event.preventDefault());
    button(element).click();
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({
      products: [{ name: 'Кресло', price: 12000, quantity: 2 }],
      client: { phone_number: '+79991234567' },
    });
  });

  it('updates parameters of an init button', () => {
    document.body.innerHTML = '<div id="pay"></div>';
    const element = window.B2BPay.init({ container: '#pay', apiToken: KEY, items: [] });
    expect(message(element)).toBe(TEXT.noItems);
    element.update({ items: [{ name: 'Стол', price: 100, quantity: 1 }], size: 'L' });
    expect(message(element)).toBe('');
    expect(shadow(element).querySelector('.w')!.className).toBe('w L light');
  });

  it('refuses a secret key given to init', () => {
    document.body.innerHTML = '<div id="pay"></div>';
    const element = window.B2BPay.init({
      container: '#pay',
      apiToken: 'sk_live_x',
      items: [{ name: 'A', price: 1, quantity: 1 }],
    });
    expect(message(element)).toBe(TEXT.secretKey);
  });

  it('throws a clear error when the container is missing', () => {
    expect(() => window.B2BPay.init({ container: '#nowhere', apiToken: KEY, items: [] })).toThrow(
      'B2BPay.init: не найден контейнер #nowhere',
    );
  });

  it('exposes the version', () => {
    expect(window.B2BPay.version).toMatch(/^\d+\.\d+\.\d+$/);
  });
});

describe('API address and answers', () => {
  it('takes the API from the script address, keeping a path prefix', () => {
    expect(apiBaseFrom('https://pay.example.ru/widget/v1/b2bpay.js', 'https://shop.ru')).toBe(
      'https://pay.example.ru',
    );
    expect(apiBaseFrom('https://x.ru/b2b/widget/v1/b2bpay.js', 'https://shop.ru')).toBe('https://x.ru/b2b');
    expect(apiBaseFrom(undefined, 'https://shop.ru')).toBe('https://shop.ru');
    expect(apiBaseFrom('http://[bad', 'https://shop.ru')).toBe('https://shop.ru');
  });

  it('turns refused requests into Russian texts', () => {
    expect(errorText(401, {})).toBe(TEXT.badKey);
    expect(errorText(403, {})).toBe(TEXT.badKey);
    expect(errorText(403, { detail: 'Этот сайт не указан в настройках магазина (widget_origins)' })).toBe(
      TEXT.unavailable,
    );
    expect(errorText(429, {})).toBe(TEXT.rateLimited);
    expect(errorText(503, {})).toBe(TEXT.server);
    expect(errorText(400, { detail: 'Введите цену' })).toBe('Не удалось создать заказ: Введите цену');
    expect(errorText(400, null)).toBe(TEXT.failed);
  });
});

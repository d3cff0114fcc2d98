import { DEMO_SHOP } from '@b2bpay/domain';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, renderRoute } from '../../../test/render';
import OrderQrPage, { PNG_FAILED, qrFileName } from './order-qr-page';

const ID = '7a1b2c3d-0000-4000-8000-00000000abcd';
const order = (products: unknown[], status = 'app_approved') => ({
  id: ID,
  shop_id: DEMO_SHOP.id,
  order_number: '57',
  status,
  link: `https://pay.example/client/${ID}`,
  amount: 0,
  products,
  client: null,
  created_at: '2026-11-22T14:05:00Z',
  updated_at: '2026-11-22T14:05:00Z',
});

function open(state?: unknown) {
  return renderRoute(<OrderQrPage />, {
    path: '/shops/order-qr/:orderId',
    url: `/shops/order-qr/${ID}`,
    state,
  });
}

afterEach(() => {
  // jsdom has no HTMLImageElement.decode: the PNG tests lend one.
  Reflect.deleteProperty(HTMLImageElement.prototype, 'decode');
  // Nor navigator.clipboard: the copy test lends one.
  Reflect.deleteProperty(navigator, 'clipboard');
  vi.restoreAllMocks();
});

describe('QR screen', () => {
  it('after creation: banner, «Новый» badge, items, total, QR and link', async () => {
    mockFetch(() =>
      json(
        order(
          [
            { id: 1, name: 'Стол', price: 1050.6, quantity: 2 },
            { id: 2, name: '', price: 10, quantity: 1 },
          ],
          'client_expected',
        ),
      ),
    );
    open({ shopId: DEMO_SHOP.id, created: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Заказ №57' })).toBeInTheDocument();
    expect(screen.getByText('QR-код успешно создан!')).toBeInTheDocument();
    // The form that had the focus is gone: the banner has it, not the page's body.
    expect(screen.getByText('QR-код успешно создан!').closest('[tabindex="-1"]')).toHaveFocus();
    expect(screen.getByText('Новый')).toBeInTheDocument();
    expect(screen.getByText('Товар без имени')).toBeInTheDocument();
    expect(screen.getByText(/^2 шт\. × 1\s050,60\s₽$/)).toBeInTheDocument();
    expect(screen.getByText('Итого:').nextSibling).toHaveTextContent(/^2\s111,20\s₽$/);
    const qr = screen.getByTestId('order-qr');
    expect(qr).toHaveAttribute('width', '200');
    expect(screen.getByText('Ссылка для клиента:')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: `https://pay.example/client/${ID}` })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'На главную' })).toHaveAttribute(
      'href',
      `/shops/${DEMO_SHOP.id}`,
    );
  });

  it('right after creation a live status change replaces «Новый» with the status', async () => {
    mockFetch(() => json(order([])));
    open({ shopId: DEMO_SHOP.id, created: true });
    expect(await screen.findByText('Банк одобрил заявку')).toBeInTheDocument();
    expect(screen.queryByText('Новый')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Подробнее о заказе' })).toHaveAttribute(
      'href',
      `/shops/${DEMO_SHOP.id}/orders/${ID}`,
    );
  });

  it('opened from the list: the current status instead of «Новый», no banner', async () => {
    mockFetch(() => json(order([])));
    open();
    expect(await screen.findByText('Нет товаров в заказе.')).toBeInTheDocument();
    expect(screen.getByText('Банк одобрил заявку')).toBeInTheDocument();
    expect(screen.queryByText('Новый')).not.toBeInTheDocument();
    expect(screen.queryByText('QR-код успешно создан!')).not.toBeInTheDocument();
    // The shop comes from the order when navigation state does not carry it.
    expect(screen.getByRole('link', { name: 'На главную' })).toHaveAttribute(
      'href',
      `/shops/${DEMO_SHOP.id}`,
    );
  });

  it('copies the link and says «Скопировано!» for 2 s', async () => {
    mockFetch(() => json(order([], 'client_expected')));
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    open();
    const button = await screen.findByRole('button', { name: 'Копировать ссылку' });
    vi.useFakeTimers();
    await act(async () => button.click());
    expect(writeText).toHaveBeenCalledWith(`https://pay.example/client/${ID}`);
    expect(screen.getByRole('button', { name: 'Скопировано!' })).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(1999));
    expect(screen.getByRole('button', { name: 'Скопировано!' })).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(1));
    expect(screen.getByRole('button', { name: 'Копировать ссылку' })).toBeInTheDocument();
  });

  it('downloads the QR as SVG and as PNG, both named by the order number', async () => {
    mockFetch(() => json(order([], 'client_expected')));
    const saved: { name: string; blob: Blob }[] = [];
    const blobs = new Map<string, Blob>();
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      const url = `blob:test/${blobs.size}`;
      blobs.set(url, blob as Blob);
      return url;
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, blob: blobs.get(this.href)! });
    });
    // jsdom draws nothing: the canvas is stubbed here, the real drawing is the browser test's
    // (e2e/tests/shop-new-order.test.ts reads the PNG Chromium makes).
    const drawn: unknown[][] = [];
    HTMLImageElement.prototype.decode = () => Promise.resolve();
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
      () =>
        ({
          fillRect: () => {},
          drawImage: (...args: unknown[]) => drawn.push(args),
        }) as unknown as CanvasRenderingContext2D,
    );
    vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((done) =>
      done(new Blob(['png'], { type: 'image/png' })),
    );
    open();
    await act(async () => (await screen.findByRole('button', { name: 'Скачать QR' })).click());
    expect(saved.at(-1)?.name).toBe('b2bpay-order-57-qr.svg');
    expect(await saved.at(-1)!.blob.text()).toContain('xmlns="http://www.w3.org/2000/svg"');
    await act(async () => screen.getByRole('button', { name: 'Скачать PNG' }).click());
    await vi.waitFor(() => expect(saved.at(-1)?.name).toBe('b2bpay-order-57-qr.png'));
    expect(saved.at(-1)!.blob.type).toBe('image/png');
    expect(drawn[0]?.slice(1)).toEqual([0, 0, 1000, 1000]);
  });

  it('says so when the browser cannot draw the PNG', async () => {
    mockFetch(() => json(order([], 'client_expected')));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:test/broken');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    HTMLImageElement.prototype.decode = () => Promise.reject(new Error('decode failed'));
    open();
    await act(async () => (await screen.findByRole('button', { name: 'Скачать PNG' })).click());
    expect(await screen.findByRole('alert')).toHaveTextContent(PNG_FAILED);
  });

  it('past client_expected shows the status instead of inviting a scan', async () => {
    mockFetch(() => json(order([], 'payment_sent')));
    open();
    const card = await screen.findByTestId('order-status-card');
    expect(screen.getByRole('heading', { name: 'Статус заказа' })).toBeInTheDocument();
    expect(card).toHaveTextContent('Заказ оплачен: банк перечислил деньги магазину.');
    expect(screen.queryByText('QR-код для оплаты')).not.toBeInTheDocument();
    expect(screen.queryByText('Покажите этот код покупателю для сканирования')).not.toBeInTheDocument();
    expect(screen.queryByTestId('order-qr')).not.toBeInTheDocument();
  });

  it('while the buyer is awaited the QR invites a scan', async () => {
    mockFetch(() => json(order([], 'client_expected')));
    open();
    expect(await screen.findByText('QR-код для оплаты')).toBeInTheDocument();
    expect(screen.getByText('Покажите этот код покупателю для сканирования')).toBeInTheDocument();
    expect(screen.getByTestId('order-qr')).toBeInTheDocument();
  });

  it('says the order is not found, and how a download is named', async () => {
    mockFetch(() => json({ detail: 'Заказ не найден', error: { code: 'NOT_FOUND', message: 'x' } }, 404));
    open();
    expect(await screen.findByText('Заказ не найден.')).toBeInTheDocument();
    expect(screen.getByText(`Не удалось найти заказ с ID: ${ID}`)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'На главную' })).toHaveAttribute('href', '/');
    expect(qrFileName('57', 'svg')).toBe('b2bpay-order-57-qr.svg');
    expect(qrFileName('57', 'png')).toBe('b2bpay-order-57-qr.png');
    expect(qrFileName('A/57 б', 'png')).toBe('b2bpay-order-A-57-б-qr.png');
  });

  it('shows the load error when the lookup fails', async () => {
    mockFetch(() => json({ detail: 'Сбой', error: { code: 'INTERNAL_ERROR', message: 'x' } }, 500));
    open();
    expect(await screen.findByRole('alert')).toHaveTextContent('Ошибка: Ошибка при загрузке данных заказа.');
  });
});

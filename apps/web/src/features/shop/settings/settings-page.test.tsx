import { DEMO_SHOP } from '@b2bpay/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../shared/api/http';
import { json, type MockCall, mockFetch, renderRoute } from '../../../test/render';
import type { ShopSettings, WebhookDelivery } from '../shared/api/shop-api';
import { spokenDay } from '../shared/calendar';
import {
  checkWidgetOrigin,
  maskedHint,
  overlapField,
  ROTATION_OVERLAPS,
  testOutcome,
  urlFieldError,
  WIDGET_ORIGIN_DUPLICATE,
  WIDGET_ORIGIN_REQUIRED,
  webhookUrlValue,
} from './settings-model';
import SettingsPage from './settings-page';
import { healthState, localDayAndTime, sinceIso, TIME_INVALID } from './webhook-health-model';

const SHOP = DEMO_SHOP.id;
const TOKEN = DEMO_SHOP.secretKey;
const NEW_KEY = 'sk_live_NewSecretKey0000000000000000000000';

const SETTINGS: ShopSettings = {
  webhook_url: null,
  webhook_secret_hint: 'whsec_…Ab12',
  secret_key_hint: 'sk_demo_…b6e2',
  // The server sends a publishable key whole: it is public by nature.
  publishable_key_hint: 'pk_demo_9c3e5a7b1d2f4e6a8c0b3d5f7a9ce8a2',
  widget_origins: [],
  previous_webhook_secret_expires_at: null,
  livemode: false,
};

function testDelivery(status: WebhookDelivery['status']): WebhookDelivery {
  return {
    id: 'd0000000-0000-4000-8000-000000000009',
    event_id: 'e0000000-0000-4000-8000-000000000009',
    event: 'webhook.test',
    order_id: null,
    url: 'https://shop.example/hook',
    endpoint_id: null,
    status,
    attempts: status === 'pending' ? 0 : 1,
    last_status_code: status === 'pending' ? null : 200,
    last_error: null,
    next_attempt_at: null,
    delivered_at: status === 'delivered' ? '2026-11-22T10:00:01Z' : null,
    created_at: '2026-11-22T10:00:00Z',
    livemode: true,
    attempts_log: [],
  };
}

function open(answer?: (call: MockCall) => Response | undefined) {
  let settings = { ...SETTINGS };
  let tested = false;
  const calls = mockFetch((call) => {
    const custom = answer?.(call);
    if (custom) return custom;
    const url = new URL(call.url, 'http://x');
    if (url.pathname === '/api/shop/settings' && call.method === 'GET') return json(settings);
    if (url.pathname === '/api/shop/settings' && call.method === 'PUT') {
      const body = call.body as {
        webhook_url?: string | null;
        rotate_webhook_secret?: boolean;
        widget_origins?: string[];
      };
      if (body.webhook_url !== undefined) settings = { ...settings, webhook_url: body.webhook_url };
      if (body.widget_origins) settings = { ...settings, widget_origins: body.widget_origins };
      if (body.rotate_webhook_secret) {
        settings = { ...settings, webhook_secret_hint: 'whsec_…Zz99' };
        return json({ ...settings, webhook_secret: 'whsec_NEWSECRETvalueZz99' });
      }
      return json(settings);
    }
    if (url.pathname === '/api/webhooks/test') {
      tested = true;
      return json(testDelivery('pending'));
    }
    if (url.pathname === '/api/webhooks/deliveries')
      return json(
        tested
          ? { items: [testDelivery('delivered')], count: 1, has_more: false }
          : { items: [], count: 0, has_more: false },
      );
    if (url.pathname === '/api/shop/keys/rotate') {
      const kind = (call.body as { kind: string }).kind;
      return json({ kind, key: kind === 'secret' ? NEW_KEY : 'pk_live_New', hint: `${kind}…new1` });
    }
    return json({ detail: 'нет', error: { code: 'NOT_FOUND', message: 'нет' } }, 404);
  });
  const view = renderRoute(<SettingsPage />, {
    path: '/shops/:shopId/settings',
    url: `/shops/${SHOP}/settings?token=${TOKEN}`,
  });
  return { ...view, calls };
}

describe('settings view model', () => {
  it('masks key hints and reads the URL field', () => {
    expect(maskedHint('sk_live_…a1b2')).toBe('sk_live_••••••••a1b2');
    expect(maskedHint(null)).toBe('нет активного ключа');
    expect(webhookUrlValue('  https://a.ru/h ')).toBe('https://a.ru/h');
    expect(webhookUrlValue('   ')).toBeNull();
  });

  it('puts errors naming the URL field under the field', () => {
    const body = {
      detail: 'Адрес ведёт во внутреннюю сеть',
      error: { code: 'VALIDATION_ERROR', message: 'x' },
    };
    const error = (field?: string) => new ApiError('x', 400, 'VALIDATION_ERROR', body, new Headers(), field);
    expect(urlFieldError(error('webhook_url'))).toBe('Адрес ведёт во внутреннюю сеть');
    expect(urlFieldError(error('url'))).toBe('Адрес ведёт во внутреннюю сеть');
    expect(urlFieldError(error('rotate_webhook_secret'))).toBeNull();
    expect(urlFieldError(error())).toBeNull();
    expect(urlFieldError(new Error('x'))).toBeNull();
  });

  it("says what the test event's delivery came to", () => {
    expect(testOutcome(testDelivery('pending')).text).toBe('Тестовое событие отправляется...');
    expect(testOutcome(testDelivery('delivered'))).toEqual({
      tone: 'success',
      text: 'Тестовое событие доставлено (HTTP 200).',
    });
    expect(
      testOutcome({ ...testDelivery('pending'), attempts: 1, last_error: 'connect ECONNREFUSED' }),
    ).toEqual({
      tone: 'warning',
      text: 'Первая попытка не удалась: connect ECONNREFUSED. Повторим по расписанию.',
    });
    expect(testOutcome({ ...testDelivery('failed'), last_status_code: 500 }).text).toBe(
      'Тестовое событие не доставлено: ответ HTTP 500.',
    );
  });
});

describe('settings page', () => {
  it('shows the secret key and the signing secret masked, the publishable key in full', async () => {
    open();
    expect(await screen.findByText('sk_demo_••••••••b6e2')).toBeInTheDocument();
    expect(screen.getByText('pk_demo_9c3e5a7b1d2f4e6a8c0b3d5f7a9ce8a2')).toBeInTheDocument();
    expect(screen.getByText('whsec_••••••••Ab12')).toBeInTheDocument();
    expect(await screen.findByText('Вебхуков пока не было.')).toBeInTheDocument();
  });

  it('saves the default webhook URL', async () => {
    const { calls } = open();
    const field = await screen.findByLabelText('Адрес вебхука по умолчанию');
    await userEvent.type(field, 'https://shop.example/hook');
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Адрес вебхука сохранён.')).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toEqual({ webhook_url: 'https://shop.example/hook' });
    expect(put?.headers.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it("shows the API's field error under the field", async () => {
    open((call) =>
      call.method === 'PUT'
        ? json(
            {
              detail: 'Адрес вебхука не может вести во внутреннюю сеть',
              error: { code: 'VALIDATION_ERROR', message: 'x', field: 'webhook_url' },
            },
            400,
          )
        : undefined,
    );
    const field = await screen.findByLabelText('Адрес вебхука по умолчанию');
    await userEvent.type(field, 'http://10.0.0.1/hook');
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(field).toHaveAccessibleDescription('Адрес вебхука не может вести во внутреннюю сеть');
    await userEvent.type(field, 'x');
    expect(field).not.toHaveAttribute('aria-invalid');
  });

  it('sends a test event and shows how its delivery went', async () => {
    const { calls } = open();
    const field = await screen.findByLabelText('Адрес вебхука по умолчанию');
    await userEvent.type(field, 'https://shop.example/hook');
    await userEvent.click(screen.getByRole('button', { name: 'Тестовое событие' }));
    expect(await screen.findByText('Тестовое событие доставлено (HTTP 200).')).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/webhooks/test')?.body).toEqual({
      url: 'https://shop.example/hook',
    });
    expect(await screen.findByTestId('webhook-delivery')).toHaveTextContent('Тестовое событие');
  });

  it('a test event without any address says so under the field', async () => {
    open((call) =>
      call.url === '/api/webhooks/test'
        ? json(
            {
              detail: 'Сначала укажите адрес вебхука',
              error: { code: 'VALIDATION_ERROR', message: 'Сначала укажите адрес вебхука', field: 'url' },
            },
            400,
          )
        : undefined,
    );
    const field = await screen.findByLabelText('Адрес вебхука по умолчанию');
    await userEvent.click(screen.getByRole('button', { name: 'Тестовое событие' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription('Сначала укажите адрес вебхука'));
  });

  it('rotates the secret key after confirmation, shows it once and keeps working with it', async () => {
    const { calls } = open();
    const row = within(await screen.findByTestId('key-secret'));
    await userEvent.click(row.getByRole('button', { name: 'Выпустить новый' }));
    const dialog = await screen.findByRole('dialog', { name: 'Выпустить новый секретный ключ?' });
    expect(dialog).toHaveTextContent('Старый секретный ключ перестанет работать сразу');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Выпустить новый ключ' }));

    expect(await row.findByText(NEW_KEY)).toBeInTheDocument();
    expect(row.getByText('secret••••••••new1')).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/shop/keys/rotate')?.body).toEqual({ kind: 'secret' });
    expect(sessionStorage.getItem('authToken')).toBe(NEW_KEY);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    // The next request carries the new key.
    await userEvent.type(screen.getByLabelText('Адрес вебхука по умолчанию'), 'https://a.example/h');
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await screen.findByText('Адрес вебхука сохранён.');
    expect(calls.filter((c) => c.method === 'PUT').at(-1)?.headers.authorization).toBe(`Bearer ${NEW_KEY}`);
  });

  it('cancelling the confirmation rotates nothing', async () => {
    const { calls } = open();
    const row = within(await screen.findByTestId('key-publishable'));
    await userEvent.click(row.getByRole('button', { name: 'Выпустить новый' }));
    const dialog = await screen.findByRole('dialog', { name: 'Выпустить новый публичный ключ?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/shop/keys/rotate')).toBe(false);
  });

  it('rotates the webhook signing secret and shows the new one once', async () => {
    const { calls } = open();
    await userEvent.click(await screen.findByRole('button', { name: 'Сменить секрет' }));
    const dialog = await screen.findByRole('dialog', { name: 'Сменить секрет подписи?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Сменить секрет' }));
    expect(await screen.findByText('whsec_NEWSECRETvalueZz99')).toBeInTheDocument();
    expect(screen.getByText('whsec_••••••••Zz99')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ rotate_webhook_secret: true });
  });
});

describe('webhook health on the settings page', () => {
  const failing = {
    url: 'https://shop.example/hook',
    failing: true,
    failing_since: '2026-11-22T10:00:00Z',
    last_error: 'Получатель ответил HTTP 500',
    last_failure_at: '2026-11-22T10:21:00Z',
    paused_until: null,
    failed_deliveries: 3,
    retrying_deliveries: 0,
  };

  it('reads the day and the 24-hour time and says what state the address is in', () => {
    expect(sinceIso('2026-11-22', '13:05')).toEqual({ iso: new Date('2026-11-22T13:05').toISOString() });
    expect(sinceIso('2026-11-22', '9:05')).toEqual({ iso: new Date('2026-11-22T09:05').toISOString() });
    expect(sinceIso(null, '13:05')).toEqual({ error: 'day' });
    for (const time of ['', '24:00', '1:05 PM', '13:60', '1305'])
      expect(sinceIso('2026-11-22', time), time).toEqual({ error: 'time' });
    expect(localDayAndTime(new Date(2026, 10, 2, 3, 4))).toEqual({ day: '2026-11-02', time: '03:04' });
    expect(healthState(failing)).toBe('failing');
    expect(healthState({ ...failing, failing: false, paused_until: '2026-11-22T10:30:00Z' })).toBe('paused');
    expect(healthState({ ...failing, failing: false })).toBe('ok');
    // A delivery waiting for its retry is no healthy address, though none has failed for good yet.
    expect(healthState({ ...failing, failing: false, retrying_deliveries: 1 })).toBe('retrying');
    expect(healthState({ ...failing, url: null })).toBe('none');
  });

  it('shows the failing address with its last error and re-sends every failed delivery since a time', async () => {
    const { calls } = open((call) => {
      const url = new URL(call.url, 'http://x');
      if (url.pathname === '/api/webhooks/health') return json(failing);
      if (url.pathname === '/api/webhooks/deliveries/resend')
        return json({ resent: 3, url: 'https://shop.example/hook' });
      return undefined;
    });
    const card = await screen.findByTestId('webhook-health');
    expect(within(card).getByText('Адрес не принимает вебхуки')).toBeInTheDocument();
    expect(within(card).getByText('Последняя ошибка: Получатель ответил HTTP 500')).toBeInTheDocument();
    expect(within(card).getByText('Неудачных доставок: 3')).toBeInTheDocument();
    // Russian whatever the browser's language: the app's calendar and a 24-hour ЧЧ:ММ text field.
    const group = within(card).getByRole('group', { name: 'Неудачные доставки начиная с' });
    const time = within(group).getByLabelText('Время, ЧЧ:ММ');
    expect(time).toHaveAttribute('inputmode', 'numeric');
    expect(
      card.querySelector('input[type="datetime-local"], input[type="date"], input[type="time"]'),
    ).toBeNull();
    await userEvent.clear(time);
    await userEvent.type(time, '25:00');
    await userEvent.click(within(card).getByRole('button', { name: 'Отправить повторно' }));
    expect(await within(card).findByText(TIME_INVALID)).toBeInTheDocument();
    expect(calls.some((c) => c.url.includes('/resend'))).toBe(false);
    await userEvent.clear(time);
    await userEvent.type(time, '13:05');
    // Today, picked in the calendar (yesterday is chosen at first).
    const today = localDayAndTime(new Date()).day;
    await userEvent.click(within(group).getByRole('button', { name: /^Дата: \d\d\.\d\d\.\d{4}$/ }));
    const calendar = await screen.findByRole('dialog', { name: 'Выбор даты' });
    await userEvent.click(within(calendar).getByRole('button', { name: spokenDay(today) }));
    await userEvent.click(within(calendar).getByRole('button', { name: 'Применить' }));
    expect(
      within(group).getByRole('button', { name: `Дата: ${today.split('-').reverse().join('.')}` }),
    ).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Отправить повторно' }));
    expect(
      await within(card).findByText('Отправлено повторно: 3 на https://shop.example/hook'),
    ).toBeInTheDocument();
    const post = calls.find((c) => c.url.includes('/resend'));
    expect(post?.body).toEqual({ since: new Date(`${today}T13:05`).toISOString() });
  }, 20_000);

  it('says a delivery waits for its retry instead of «принимает вебхуки», and a re-send of none is no green success', async () => {
    open((call) => {
      const url = new URL(call.url, 'http://x');
      if (url.pathname === '/api/webhooks/health')
        return json({
          ...failing,
          failing: false,
          failed_deliveries: 0,
          retrying_deliveries: 2,
          last_error: 'Нет ответа: адрес не найден (ENOTFOUND)',
        });
      if (url.pathname === '/api/webhooks/deliveries/resend')
        return json({ resent: 0, url: 'https://shop.example/hook' });
      return undefined;
    });
    const card = await screen.findByTestId('webhook-health');
    expect(
      within(card).getByText(/Не дошли и ждут повторной попытки по расписанию: 2\./),
    ).toBeInTheDocument();
    expect(
      within(card).getByText('Последняя ошибка: Нет ответа: адрес не найден (ENOTFOUND)'),
    ).toBeInTheDocument();
    expect(within(card).queryByText('Адрес принимает вебхуки.')).not.toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Отправить повторно' }));
    expect(
      await within(card).findByText('Неудачных доставок с этого времени нет — отправлять нечего.'),
    ).toBeInTheDocument();
    expect(within(card).queryByText(/Отправлено повторно: 0/)).not.toBeInTheDocument();
  }, 20_000);
});

describe('widget sites and rotation overlaps', () => {
  const INVALID = 'Ожидается адрес сайта вида https://shop.ru (без пути)';

  it('checks a typed site as the server does, with its texts', () => {
    expect(checkWidgetOrigin(' HTTPS://Shop.Example/ ', [])).toEqual({ origin: 'https://shop.example' });
    expect(checkWidgetOrigin('https://shop.example:8443', [])).toEqual({
      origin: 'https://shop.example:8443',
    });
    expect(checkWidgetOrigin('shop.example.ru', [])).toEqual({ origin: 'https://shop.example.ru' });
    expect(checkWidgetOrigin('https://магазин.рф', [])).toEqual({ origin: 'https://xn--80aairftm.xn--p1ai' });
    expect(checkWidgetOrigin('Магазин.РФ:8443/', [])).toEqual({
      origin: 'https://xn--80aairftm.xn--p1ai:8443',
    });
    expect(checkWidgetOrigin('магазин.рф', ['https://xn--80aairftm.xn--p1ai'])).toEqual({
      error: WIDGET_ORIGIN_DUPLICATE,
    });
    const bads = [
      'http://shop.example',
      'https://shop.example/cart',
      'shop.example/cart',
      'https://shop.example/?',
      'https://shop.example#top',
      'https://user@shop.example',
      'ftp://shop.example',
      'https://',
      'магазин .рф',
    ];
    for (const bad of bads) {
      expect(checkWidgetOrigin(bad, [])).toEqual({ error: INVALID });
    }
    expect(checkWidgetOrigin('   ', [])).toEqual({ error: WIDGET_ORIGIN_REQUIRED });
    expect(checkWidgetOrigin('https://shop.example', ['https://shop.example'])).toEqual({
      error: WIDGET_ORIGIN_DUPLICATE,
    });
    const twenty = Array.from({ length: 20 }, (_, i) => `https://s${i}.example`);
    expect(checkWidgetOrigin('https://one-more.example', twenty)).toEqual({ error: 'Не больше 20 сайтов' });
  });

  it('maps «сразу / через 1 час / через 24 часа / через 7 дней» to expire_old_in_seconds', () => {
    expect(ROTATION_OVERLAPS.map((o) => [o.label, o.seconds])).toEqual([
      ['сразу', 0],
      ['через 1 час', 3600],
      ['через 24 часа', 86400],
      ['через 7 дней', 604800],
    ]);
    expect(overlapField(0)).toEqual({});
    expect(overlapField(3600)).toEqual({ expire_old_in_seconds: 3600 });
  });

  it('adds and removes sites, each saved at once; a bad one is refused under the field', async () => {
    const { calls } = open();
    const card = within(await screen.findByTestId('widget-origins'));
    const field = card.getByLabelText('Адрес сайта');
    await userEvent.type(field, 'http://shop.example');
    await userEvent.click(card.getByRole('button', { name: 'Добавить' }));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(INVALID);
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    await userEvent.clear(field);
    await userEvent.type(field, 'HTTPS://Shop.Example/');
    await userEvent.click(card.getByRole('button', { name: 'Добавить' }));
    expect(await card.findByText('https://shop.example')).toBeInTheDocument();
    expect(field).toHaveValue('');
    await userEvent.type(field, 'https://old.example{Enter}');
    expect(await card.findByText('https://old.example')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT').at(-1)?.body).toEqual({
      widget_origins: ['https://shop.example', 'https://old.example'],
    });
    await userEvent.click(card.getByRole('button', { name: 'Убрать https://old.example' }));
    await waitFor(() => expect(card.queryByText('https://old.example')).not.toBeInTheDocument());
    expect(card.getByText('Список сайтов сохранён.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT').at(-1)?.body).toEqual({
      widget_origins: ['https://shop.example'],
    });
  });

  it('adds a site typed without https:// or in Cyrillic, saving the origin a browser sends', async () => {
    const { calls } = open();
    const card = within(await screen.findByTestId('widget-origins'));
    const field = card.getByLabelText('Адрес сайта');
    await userEvent.type(field, 'shop.example.ru{Enter}');
    expect(await card.findByText('https://shop.example.ru')).toBeInTheDocument();
    await userEvent.type(field, 'https://магазин.рф{Enter}');
    expect(await card.findByText('https://xn--80aairftm.xn--p1ai')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT').at(-1)?.body).toEqual({
      widget_origins: ['https://shop.example.ru', 'https://xn--80aairftm.xn--p1ai'],
    });
  });

  it('never shows «Список сайтов сохранён.» beside an error', async () => {
    let refuse = false;
    open((call) =>
      call.method === 'PUT' && refuse
        ? json({ detail: 'Сервис недоступен', error: { code: 'INTERNAL_ERROR', message: 'x' } }, 500)
        : undefined,
    );
    const card = within(await screen.findByTestId('widget-origins'));
    const field = card.getByLabelText('Адрес сайта');
    await userEvent.type(field, 'https://shop.example{Enter}');
    expect(await card.findByText('Список сайтов сохранён.')).toBeInTheDocument();
    await userEvent.type(field, 'http://bad.example{Enter}');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(card.queryByText('Список сайтов сохранён.')).not.toBeInTheDocument();
    await userEvent.clear(field);
    await userEvent.type(field, 'https://good.example{Enter}');
    expect(await card.findByText('Список сайтов сохранён.')).toBeInTheDocument();
    refuse = true;
    await userEvent.click(card.getByRole('button', { name: 'Убрать https://shop.example' }));
    await waitFor(() => expect(card.getByRole('alert')).toBeInTheDocument());
    expect(card.queryByText('Список сайтов сохранён.')).not.toBeInTheDocument();
  });

  it("shows the server's error about a site under the field", async () => {
    open((call) =>
      call.method === 'PUT'
        ? json(
            {
              detail: 'Не больше 20 сайтов',
              error: { code: 'VALIDATION_ERROR', message: 'Не больше 20 сайтов', field: 'widget_origins' },
            },
            400,
          )
        : undefined,
    );
    const card = within(await screen.findByTestId('widget-origins'));
    await userEvent.type(card.getByLabelText('Адрес сайта'), 'https://one-more.example{Enter}');
    await waitFor(() =>
      expect(card.getByLabelText('Адрес сайта')).toHaveAccessibleDescription('Не больше 20 сайтов'),
    );
  });

  it('rotates the secret key with «через 1 час»: the old key works for an hour', async () => {
    const { calls } = open();
    const row = within(await screen.findByTestId('key-secret'));
    await userEvent.click(row.getByRole('button', { name: 'Выпустить новый' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Выпустить новый секретный ключ?' }));
    const select = dialog.getByLabelText('Старый ключ перестанет работать');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['сразу', 'через 1 час', 'через 24 часа', 'через 7 дней']);
    await userEvent.selectOptions(select, 'через 1 час');
    expect(dialog.getByText(/Старый секретный ключ перестанет работать через 1 час/)).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Выпустить новый ключ' }));
    expect(await row.findByText(NEW_KEY)).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/shop/keys/rotate')?.body).toEqual({
      kind: 'secret',
      expire_old_in_seconds: 3600,
    });
  });

  it('rotates the signing secret with «через 7 дней»', async () => {
    const { calls } = open();
    await userEvent.click(await screen.findByRole('button', { name: 'Сменить секрет' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Сменить секрет подписи?' }));
    await userEvent.selectOptions(
      dialog.getByLabelText('Старый секрет перестанет подписывать'),
      'через 7 дней',
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Сменить секрет' }));
    expect(await screen.findByText('whsec_NEWSECRETvalueZz99')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      rotate_webhook_secret: true,
      expire_old_in_seconds: 604800,
    });
  });
});

import { formatDateTime } from '@b2bpay/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { serverMessage } from '../../../shared/api/http';
import { useAuth } from '../../../shared/auth/auth-context';
import { NO_RIGHTS, useShopAccess } from '../../../shared/auth/shop-access';
import { usePageMeta } from '../../../shared/meta/page-meta';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { ConfirmDialog } from '../../../shared/ui/dialog';
import { EmptyState } from '../../../shared/ui/empty-state';
import { KeyIcon, RefreshIcon, SendIcon } from '../../../shared/ui/icons';
import { Input } from '../../../shared/ui/input';
import { PageContainer } from '../../../shared/ui/page-container';
import { PageHeader } from '../../../shared/ui/page-header';
import { LoadingState } from '../../../shared/ui/spinner';
import { useToast } from '../../../shared/ui/toast';
import {
  type KeyKind,
  rotateKey,
  type ShopSettings,
  sendTestWebhook,
  updateSettings,
  type WebhookDelivery,
} from '../shared/api/shop-api';
import { shopKeys, useDeliveries, useSettings } from '../shared/api/shop-queries';
import { shopPaths } from '../shared/shop-id';
import { DeliveryList } from '../shared/webhooks/delivery-list';
import { OverlapSelect } from './overlap-select';
import { Revealed } from './revealed-secret';
import {
  maskedHint,
  overlapField,
  overlapLabel,
  testOutcome,
  urlFieldError,
  webhookUrlValue,
} from './settings-model';
import { WebhookEndpointsCard } from './webhook-endpoints-card';
import { useWebhookHealth, webhookHealthKey } from './webhook-health';
import { WebhookHealthCard } from './webhook-health-card';
import { WidgetOriginsCard } from './widget-origins-card';

export const SAVE_FAILED = 'Не удалось сохранить настройки. Попробуйте ещё раз.';
export const TEST_FAILED = 'Не удалось отправить тестовое событие. Попробуйте ещё раз.';
export const ROTATE_FAILED = 'Не удалось выпустить новый ключ. Попробуйте ещё раз.';

function WebhookCard({ settings }: { settings: ShopSettings }) {
  const { token } = useShopAccess();
  const queryClient = useQueryClient();
  const [url, setUrl] = useState(settings.webhook_url ?? '');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [testId, setTestId] = useState<string | null>(null);
  const latest = useDeliveries(null, 1);

  useEffect(() => setUrl(settings.webhook_url ?? ''), [settings.webhook_url]);

  const fail = (error: unknown, fallback: string) => {
    const underField = urlFieldError(error);
    setFieldError(underField);
    setFailure(underField ? null : (serverMessage(error) ?? fallback));
  };

  const save = useMutation({
    mutationFn: () => updateSettings({ webhook_url: webhookUrlValue(url) }, token),
    onMutate: () => {
      setSaved(false);
      setFailure(null);
      setFieldError(null);
    },
    onSuccess: (next) => {
      queryClient.setQueryData(shopKeys.settings, next);
      void queryClient.invalidateQueries({ queryKey: webhookHealthKey }); // the address it reports on changed
      setSaved(true);
    },
    onError: (error) => fail(error, SAVE_FAILED),
  });

  const test = useMutation({
    mutationFn: () => sendTestWebhook(webhookUrlValue(url) ?? undefined, token),
    onMutate: () => {
      setFailure(null);
      setFieldError(null);
      setTestId(null);
    },
    onSuccess: (delivery) => {
      setTestId(delivery.id);
      void queryClient.invalidateQueries({ queryKey: shopKeys.deliveries });
    },
    onError: (error) => fail(error, TEST_FAILED),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };

  const testDelivery: WebhookDelivery | undefined =
    test.data && testId
      ? (latest.data?.items.find((delivery) => delivery.id === testId) ?? test.data)
      : undefined;
  const outcome = testDelivery ? testOutcome(testDelivery) : null;

  return (
    <Card
      title="Вебхук"
      description="Куда B2BPay отправляет события заказов: смену статуса, данные покупателя, оплату."
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <Input
          label="Адрес вебхука по умолчанию"
          type="url"
          inputMode="url"
          autoComplete="url"
          spellCheck={false}
          placeholder="https://ваш-сайт.ru/webhooks/b2bpay"
          value={url}
          onChange={(event) => {
            setUrl(event.target.value);
            setFieldError(null);
            setSaved(false);
          }}
          error={fieldError}
          hint="Для заказов, созданных без своего адреса; он же первый в списке адресов ниже. Пустое поле — на этот адрес вебхуки не отправляются."
        />
        <div className="flex flex-col gap-3 sm:flex-row">
          <Button type="submit" loading={save.isPending} loadingText="Сохранение...">
            Сохранить
          </Button>
          <Button
            variant="secondary"
            icon={<SendIcon size={18} />}
            loading={test.isPending}
            loadingText="Отправка..."
            onClick={() => test.mutate()}
          >
            Тестовое событие
          </Button>
        </div>
        <div aria-live="polite" className="flex flex-col gap-3 empty:hidden">
          {saved && <Alert tone="success">Адрес вебхука сохранён.</Alert>}
          {outcome && (
            <Alert tone={outcome.tone} className="break-words">
              {outcome.text}
            </Alert>
          )}
        </div>
        {failure && <Alert tone="error">{failure}</Alert>}
      </form>
    </Card>
  );
}

function SigningSecretCard({ settings }: { settings: ShopSettings }) {
  const { token } = useShopAccess();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const [overlap, setOverlap] = useState(0);
  const rotate = useMutation({
    mutationFn: () => updateSettings({ rotate_webhook_secret: true, ...overlapField(overlap) }, token),
    onSuccess: (next) => {
      setConfirming(false);
      setSecret(next.webhook_secret ?? null);
      queryClient.setQueryData(shopKeys.settings, { ...next, webhook_secret: undefined });
    },
    onError: () => setConfirming(false),
  });

  return (
    <Card
      title="Секрет подписи вебхуков"
      description="Им подписан каждый вебхук (Standard Webhooks): проверяйте подпись на своём сервере."
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="min-w-0">
          <span className="block text-sm text-slate-600">Текущий секрет</span>
          <code className="font-mono text-[15px] break-all text-slate-900">
            {maskedHint(settings.webhook_secret_hint)}
          </code>
        </p>
        <Button variant="secondary" icon={<RefreshIcon size={18} />} onClick={() => setConfirming(true)}>
          Сменить секрет
        </Button>
      </div>
      {rotate.isError && (
        <Alert tone="error" className="mt-4">
          {serverMessage(rotate.error) ?? 'Не удалось сменить секрет. Попробуйте ещё раз.'}
        </Alert>
      )}
      {secret && (
        <Revealed
          label="Новый секрет подписи"
          value={secret}
          note={
            settings.previous_webhook_secret_expires_at
              ? `Новый секрет показывается один раз: скопируйте его и обновите на своём сервере. До ${formatDateTime(settings.previous_webhook_secret_expires_at)} каждый вебхук подписан и старым, и новым секретом.`
              : 'Новый секрет показывается один раз: скопируйте его и обновите на своём сервере. Вебхуки уже подписываются им.'
          }
        />
      )}
      <ConfirmDialog
        open={confirming}
        title="Сменить секрет подписи?"
        confirmText="Сменить секрет"
        busyText="Смена..."
        busy={rotate.isPending}
        onConfirm={() => rotate.mutate()}
        onCancel={() => setConfirming(false)}
      >
        {overlap === 0
          ? 'Вебхуки сразу начнут подписываться новым секретом. Пока вы не обновите его на своём сервере, проверка подписи там не пройдёт.'
          : `Вебхуки начнут подписываться новым секретом, а старый перестанет подписывать ${overlapLabel(overlap)}: до тех пор каждый вебхук несёт обе подписи. Обновите секрет на своём сервере за это время.`}
        <OverlapSelect label="Старый секрет перестанет подписывать" value={overlap} onChange={setOverlap} />
      </ConfirmDialog>
    </Card>
  );
}

const KEY_TEXT: Record<
  KeyKind,
  {
    title: string;
    about: string;
    confirm: string;
    confirmOverlap: (when: string) => string;
    revealed: string;
  }
> = {
  secret: {
    title: 'Секретный ключ',
    about: 'Для запросов с вашего сервера и для этого кабинета. Храните его только на сервере.',
    confirm:
      'Старый секретный ключ перестанет работать сразу: обновите его во всех интеграциях (сайт, 1С-Битрикс, скрипты). Ссылки на кабинет со старым ключом больше не откроются — этот кабинет продолжит работать с новым.',
    confirmOverlap: (when) =>
      `Старый секретный ключ перестанет работать ${when}: до тех пор он может только создавать и читать заказы. Обновите его за это время во всех интеграциях (сайт, 1С-Битрикс, скрипты). Этот кабинет сразу продолжит работать с новым.`,
    revealed:
      'Новый секретный ключ показывается один раз: скопируйте его и замените старый в своих интеграциях. Кабинет уже работает с новым ключом.',
  },
  publishable: {
    title: 'Публичный ключ',
    about: 'Для кнопки рассрочки на сайте: им можно только создавать заказы.',
    confirm:
      'Старый публичный ключ перестанет работать сразу: кнопки рассрочки со старым ключом не смогут создавать заказы, пока вы не замените его.',
    confirmOverlap: (when) =>
      `Старый публичный ключ перестанет работать ${when}: до тех пор кнопки рассрочки работают с обоими ключами. Замените его в коде кнопки за это время.`,
    revealed: 'Новый публичный ключ выпущен: замените старый в коде кнопки.',
  },
};

function KeyRow({ kind, hint }: { kind: KeyKind; hint: string | null }) {
  const { token } = useShopAccess();
  const { replaceToken } = useAuth();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  const [issued, setIssued] = useState<string | null>(null);
  const [overlap, setOverlap] = useState(0);
  const text = KEY_TEXT[kind];
  const rotate = useMutation({
    mutationFn: () => rotateKey(kind, token, overlapField(overlap)),
    onSuccess: (result) => {
      // The old secret key stopped working: the very next request must carry the new one (on a
      // session the cookie carries the access, and the new key is only shown).
      if (result.kind === 'secret' && token) replaceToken(result.key);
      setConfirming(false);
      setIssued(result.key);
      toast.show(`${text.title}: выпущен новый`);
      // Set from the answer rather than asked again: a request now could still carry the old key.
      queryClient.setQueryData<ShopSettings>(shopKeys.settings, (current) =>
        current
          ? { ...current, [kind === 'secret' ? 'secret_key_hint' : 'publishable_key_hint']: result.hint }
          : current,
      );
    },
    onError: () => setConfirming(false),
  });

  return (
    <li className="py-4 first:pt-0 last:pb-0" data-testid={`key-${kind}`}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h3 className="font-semibold text-slate-900">{text.title}</h3>
          <p className="mt-0.5 text-sm text-slate-600">{text.about}</p>
          <code className="mt-2 block font-mono text-[15px] break-all text-slate-900">
            {maskedHint(hint)}
          </code>
        </div>
        <Button variant="secondary" icon={<KeyIcon size={18} />} onClick={() => setConfirming(true)}>
          Выпустить новый
        </Button>
      </div>
      {rotate.isError && (
        <Alert tone="error" className="mt-4">
          {serverMessage(rotate.error) ?? ROTATE_FAILED}
        </Alert>
      )}
      {issued && <Revealed label={`Новый ${text.title.toLowerCase()}`} value={issued} note={text.revealed} />}
      <ConfirmDialog
        open={confirming}
        title={`Выпустить новый ${text.title.toLowerCase()}?`}
        confirmText="Выпустить новый ключ"
        busyText="Выпуск..."
        busy={rotate.isPending}
        onConfirm={() => rotate.mutate()}
        onCancel={() => setConfirming(false)}
      >
        {overlap === 0 ? text.confirm : text.confirmOverlap(overlapLabel(overlap))}
        <OverlapSelect label="Старый ключ перестанет работать" value={overlap} onChange={setOverlap} />
      </ConfirmDialog>
    </li>
  );
}

/**
 * Integration settings: webhook address and test, deliveries, signing secret, API keys;
 * the widget's sites and how long an old key or secret keeps working after a rotation.
 */
export default function SettingsPage() {
  const { shopId = '' } = useParams();
  const { hasAccess, isInitialized, can } = useShopAccess();
  const settings = useSettings();
  const integration = can('integration.manage');
  const keys = can('keys.manage');
  // The delivery state's card sits near the top and is as tall as a phone's screen: the page waits
  // for it too, or its arrival would push the cards below it down (a layout shift). Only for its first
  // answer: a failure shows the page (the card, once mounted, asks again by itself).
  const health = useWebhookHealth(integration);
  const healthPending = integration && !health.isFetched;
  usePageMeta({ title: 'Настройки интеграции' });

  let body: ReactNode;
  if (hasAccess && !integration && !keys) {
    body = (
      <EmptyState
        title={NO_RIGHTS}
        description="Настройки интеграции доступны владельцу, администратору и разработчику магазина."
      />
    );
  } else if (!isInitialized || (hasAccess && (settings.isPending || healthPending))) {
    body = <LoadingState text="Загрузка настроек..." fillScreen />;
  } else if (!hasAccess) {
    body = (
      <EmptyState
        title="Нет данных для отображения."
        description="Откройте кабинет по ссылке с ключом доступа магазина, чтобы изменить настройки."
      />
    );
  } else if (settings.isError || !settings.data) {
    body = (
      <Alert tone="error">
        Ошибка загрузки настроек: {settings.error?.message || 'Пожалуйста, попробуйте еще раз.'}
      </Alert>
    );
  } else {
    const data = settings.data;
    body = (
      <div className="flex flex-col gap-6">
        {integration && (
          <>
            <WebhookCard settings={data} />
            <WebhookHealthCard />
            <WebhookEndpointsCard />
            <Card
              title="Последние доставки"
              description="Вебхуки магазина, новые сверху. Неудачные можно отправить ещё раз."
            >
              <DeliveryList
                shopId={shopId}
                orderId={null}
                showOrderLink
                initialLimit={5}
                empty="Здесь появятся вебхуки: укажите адрес и отправьте тестовое событие."
              />
            </Card>
            <SigningSecretCard settings={data} />
            <WidgetOriginsCard settings={data} />
          </>
        )}
        {keys && (
          <Card
            title="Ключи API"
            description={
              <>
                <span className="block font-medium text-slate-900" data-testid="keys-mode">
                  {data.livemode ? 'Ключи боевого режима' : 'Ключи тестового режима'}
                </span>
                Ключи показываются только при выпуске; здесь — их последние символы.
              </>
            }
          >
            <ul className="flex flex-col divide-y divide-slate-200">
              <KeyRow kind="secret" hint={data.secret_key_hint} />
              <KeyRow kind="publishable" hint={data.publishable_key_hint} />
            </ul>
          </Card>
        )}
      </div>
    );
  }

  return (
    <PageContainer narrow>
      <PageHeader
        title="Настройки интеграции"
        subtitle="Вебхуки и ключи API магазина"
        backTo={shopPaths.home(shopId)}
      />
      {body}
    </PageContainer>
  );
}

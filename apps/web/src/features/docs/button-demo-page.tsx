import { DEMO_SHOP } from '@b2bpay/domain';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { callApi } from '../../shared/api/typed-client';
import { useAuth } from '../../shared/auth/auth-context';
import { usePageMeta } from '../../shared/meta/page-meta';
import { Alert } from '../../shared/ui/alert';
import { buttonClass } from '../../shared/ui/button';
import { Card } from '../../shared/ui/card';
import { CodeIcon } from '../../shared/ui/icons';
import { Input } from '../../shared/ui/input';
import { PageContainer } from '../../shared/ui/page-container';
import { PageHeader } from '../../shared/ui/page-header';
import { Spinner } from '../../shared/ui/spinner';
import { CodeBlock } from './code-block';
import { C, DocSection, type ParamRow, ParamTable } from './docs-ui';
import { type B2BPayGlobal, loadWidgetScript } from './widget-script';
import {
  DEMO_ITEMS,
  DEMO_SUBTEXT,
  initSnippet,
  webComponentMarkup,
  webComponentSnippet,
  widgetKeyFor,
} from './widget-snippets';

export const DEMO_TOKEN_NOTICE =
  'Используется демо токен. Для работы с вашим магазином замените его на ваш токен.';

type ScriptState =
  | { status: 'loading' }
  | { status: 'ready'; api: B2BPayGlobal }
  | { status: 'failed'; message: string };

function useWidgetScript(): ScriptState {
  const [state, setState] = useState<ScriptState>({ status: 'loading' });
  useEffect(() => {
    let alive = true;
    loadWidgetScript().then(
      (api) => alive && setState({ status: 'ready', api }),
      (error: unknown) =>
        alive &&
        setState({ status: 'failed', message: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      alive = false;
    };
  }, []);
  return state;
}

/** The B2BPay.init demo: the same call as method 2's snippet, into a container React leaves alone. */
function InitDemo({ api, apiToken }: { api: B2BPayGlobal; apiToken: string }) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!container.current) return;
    api.init({
      container: container.current,
      apiToken,
      items: DEMO_ITEMS,
      size: 'L',
      theme: 'dark',
      subtext: DEMO_SUBTEXT,
    });
  }, [api, apiToken]);
  return <div ref={container} data-demo="init" />;
}

function DemoTile({ caption, dark, children }: { caption: string; dark?: boolean; children: ReactNode }) {
  return (
    <figure className="flex min-w-0 flex-col gap-2">
      <div
        className={
          dark
            ? 'flex min-h-36 items-center justify-center rounded-[var(--radius-card)] bg-slate-900 p-3'
            : 'flex min-h-36 items-center justify-center rounded-[var(--radius-card)] border border-slate-200 bg-slate-50 p-3'
        }
      >
        {children}
      </div>
      <figcaption className="text-sm text-slate-600">{caption}</figcaption>
    </figure>
  );
}

const PARAMS: ParamRow[] = [
  {
    name: (
      <>
        <C>api-token</C> · <C>apiToken</C>
      </>
    ),
    description: (
      <>
        Публикуемый ключ магазина <C>pk_…</C>, обязателен. Секретный ключ <C>sk_…</C> кнопка не примет: код
        страницы видит любой посетитель.
      </>
    ),
    extra: '—',
  },
  {
    name: (
      <>
        <C>payment-data</C> · <C>items</C>
      </>
    ),
    description: (
      <>
        Товары. В атрибуте — JSON с плоскими ключами <C>items.N.name</C>, <C>items.N.price</C>,{' '}
        <C>items.N.quantity</C> (N с нуля) или строка <C>items.0.name=…&amp;items.0.price=…</C>. В init —
        массив <C>{'{ name, price, quantity }'}</C>. Цена в рублях, до 2 знаков после точки; количество —
        целое, от 1.
      </>
    ),
    extra: '—',
  },
  { name: <C>size</C>, description: 'Размер кнопки: S, M или L.', extra: 'M' },
  {
    name: <C>theme</C>,
    description:
      'Тема страницы, на которой стоит кнопка: light — светлая (кнопка синяя), dark — тёмная (кнопка белая).',
    extra: 'light',
  },
  {
    name: <C>subtext</C>,
    description: 'Строка под надписью кнопки; пустое значение убирает её.',
    extra: `«${DEMO_SUBTEXT}»`,
  },
  {
    name: (
      <>
        <C>client-surname</C>, <C>client-name</C>, <C>client-middlename</C> · <C>clientSurname</C>,{' '}
        <C>clientName</C>, <C>clientMiddlename</C>
      </>
    ),
    description: 'ФИО покупателя, если магазин его знает: анкета откроется уже заполненной.',
    extra: '—',
  },
  {
    name: (
      <>
        <C>client-phone</C> · <C>clientPhone</C>
      </>
    ),
    description:
      'Мобильный телефон покупателя, +79XXXXXXXXX (другие номера +7 не принимаются: на него придёт код из СМС).',
    extra: '—',
  },
  {
    name: (
      <>
        <C>client-email</C> · <C>clientEmail</C>
      </>
    ),
    description: 'E-mail покупателя: на него придёт решение банка.',
    extra: '—',
  },
  {
    name: (
      <>
        <C>webhook-url</C> · <C>webhookUrl</C>
      </>
    ),
    description: 'Адрес для вебхуков этого заказа; без него — адрес магазина по умолчанию.',
    extra: '—',
  },
  {
    name: <C>debug</C>,
    description:
      'Писать настройки, запросы и ответы в консоль браузера (ключ — только первые и последние символы).',
    extra: 'false',
  },
  {
    name: <C>container</C>,
    description: 'Только для init: элемент или CSS-селектор, куда встанет кнопка (содержимое заменяется).',
    extra: '—',
  },
];

const EVENTS_SNIPPET = `const button = document.querySelector('b2bpay-button');

// Заказ создан. Без preventDefault() кнопка сама откроет order.link.
button.addEventListener('b2bpay:order-created', (event) => {
  const { order } = event.detail; // id, order_number, link, amount
  console.log('Заказ B2BPay', order.order_number);
});

// Заказ не создан: текст ошибки уже показан под кнопкой.
button.addEventListener('b2bpay:error', (event) => {
  console.warn(event.detail.message, event.detail.status);
});
`;

/** Button widget documentation (spec §2): live demos, both methods with copyable snippets, parameters. */
export default function ButtonDemoPage() {
  usePageMeta({
    title: 'Кнопка рассрочки для сайта',
    description:
      'Кнопка «Купить в рассрочку» B2BPay для интернет-магазина: веб-компонент или B2BPay.init, живые примеры и параметры.',
  });
  const { shopId } = useParams();
  const { token } = useAuth();
  const [apiToken, setApiToken] = useState(() => widgetKeyFor(shopId, token));
  const script = useWidgetScript();
  const origin = window.location.origin;
  const isDemoKey = apiToken.trim() === DEMO_SHOP.publishableKey;
  // Spec §2: the demo notice when there is no shop or no stored token — and when the shop's own key
  // could not be found, since the demo key is then what the snippets carry. The demo shop's own area
  // uses the demo key as its real key, without the notice.
  const ownDemoShop = shopId === DEMO_SHOP.id && Boolean(token);
  const showDemoNotice = isDemoKey && !ownDemoShop;
  const apiDocs = shopId ? `/shops/${encodeURIComponent(shopId)}/api-docs` : '/shops/api-docs';

  // The token may arrive after the first render (the auth pass reads it from the address).
  useEffect(() => {
    setApiToken((current) => (current === DEMO_SHOP.publishableKey ? widgetKeyFor(shopId, token) : current));
  }, [shopId, token]);

  // Inside a shop's area with its secret key: that shop's publishable key, from its settings (a
  // publishable key is public, so the settings carry it whole), unless a key was typed meanwhile.
  useEffect(() => {
    if (!shopId || !token?.startsWith('sk_')) return;
    const stop = new AbortController();
    callApi('GET', '/api/shop/settings', {
      token,
      signal: stop.signal,
      errorStatuses: [401, 404, 429, 500],
    }).then(
      (settings) => {
        const key = settings.publishable_key_hint;
        if (key?.startsWith('pk_') && !key.includes('…'))
          setApiToken((current) => (current === DEMO_SHOP.publishableKey ? key : current));
      },
      () => {}, // the demo key and its notice stay
    );
    return () => stop.abort();
  }, [shopId, token]);

  return (
    <PageContainer>
      <PageHeader
        title="Кнопка «Купить в рассрочку»"
        subtitle="Виджет для сайта магазина: покупатель нажимает кнопку, заказ создаётся, и покупатель переходит к заявке."
        backTo={shopId ? `/shops/${encodeURIComponent(shopId)}` : undefined}
        actions={
          <Link to={apiDocs} className={buttonClass('secondary')}>
            <CodeIcon size={18} />
            REST API
          </Link>
        }
      />

      <div className="flex flex-col gap-8 sm:gap-10">
        {showDemoNotice && <Alert tone="warning">{DEMO_TOKEN_NOTICE}</Alert>}

        <Card title="Ключ для кнопки" headingLevel="h2">
          <Input
            label="Публикуемый ключ (api-token)"
            value={apiToken}
            onChange={(event) => setApiToken(event.target.value)}
            spellCheck={false}
            autoComplete="off"
            className="font-mono text-sm"
            hint={
              <>
                Ключ <C>pk_…</C> из личного кабинета: примеры и код ниже подставят его. Секретный ключ{' '}
                <C>sk_…</C> в код страницы не вставляйте — его увидит любой посетитель.
              </>
            }
          />
        </Card>

        <Card
          title="Живые примеры"
          headingLevel="h2"
          description="Нажмите кнопку: создастся заказ, и откроется страница покупателя."
        >
          {script.status === 'loading' && (
            <p role="status" className="mb-4 flex items-center gap-2 text-sm text-slate-600">
              <Spinner size={16} className="text-brand-700" />
              Загрузка виджета...
            </p>
          )}
          {script.status === 'failed' && (
            <Alert tone="error" className="mb-4">
              Не удалось загрузить скрипт виджета: {script.message}
            </Alert>
          )}
          <div className="grid gap-4 md:grid-cols-3">
            <DemoTile caption="Веб-компонент · размер S · тема light">
              <div
                data-demo="web-component-s"
                // biome-ignore lint/security/noDangerouslySetInnerHtml: the very markup of method 1, values escaped
                dangerouslySetInnerHTML={{
                  __html: webComponentMarkup({ apiToken, size: 'S', theme: 'light' }),
                }}
              />
            </DemoTile>
            <DemoTile caption="Веб-компонент · размер M · тема light (код ниже)">
              <div
                data-demo="web-component-m"
                // biome-ignore lint/security/noDangerouslySetInnerHtml: the very markup of method 1, values escaped
                dangerouslySetInnerHTML={{
                  __html: webComponentMarkup({ apiToken, size: 'M', theme: 'light' }),
                }}
              />
            </DemoTile>
            <DemoTile caption="B2BPay.init · размер L · тема dark (код ниже)" dark>
              {script.status === 'ready' ? <InitDemo api={script.api} apiToken={apiToken} /> : null}
            </DemoTile>
          </div>
        </Card>

        <DocSection id="web-component" title="Способ 1. Веб-компонент">
          <p>
            Подключите скрипт один раз на странице и поставьте элемент <C>&lt;b2bpay-button&gt;</C> там, где
            нужна кнопка. Товары передаются в атрибуте <C>payment-data</C>; JSON пишется в одинарных кавычках.
            Элемент можно добавлять и менять в любой момент: кнопка следит за своими атрибутами.
          </p>
          <CodeBlock title="HTML · веб-компонент" code={webComponentSnippet({ origin, apiToken })} />
        </DocSection>

        <DocSection id="javascript" title="Способ 2. JavaScript: B2BPay.init">
          <p>
            Подключите скрипт и вызовите <C>B2BPay.init</C> с контейнером и параметрами. Вызов возвращает
            кнопку; когда корзина меняется, передайте новые товары: <C>button.update({'{ items }'})</C>.
          </p>
          <CodeBlock title="HTML · B2BPay.init" code={initSnippet({ origin, apiToken })} />
        </DocSection>

        <DocSection id="parameters" title="Параметры">
          <p>
            Атрибуты элемента и параметры <C>B2BPay.init</C> — одни и те же: через «·» указаны имя атрибута и
            имя параметра.
          </p>
          <ParamTable
            caption="Параметры кнопки"
            columns={['Атрибут · параметр init', 'Что задаёт', 'По умолчанию']}
            rows={PARAMS}
          />
        </DocSection>

        <DocSection id="behaviour" title="Как работает кнопка">
          <ul className="list-disc space-y-2 pl-5">
            <li>
              Кнопка живёт в теневом DOM: стили сайта её не ломают. Управляется с клавиатуры (Tab, Enter,
              пробел), состояние «Создание заказа...» и ошибки озвучиваются экранными дикторами.
            </li>
            <li>
              Нажатие создаёт заказ через <C>POST /api/order/orders</C> с публикуемым ключом и открывает
              страницу покупателя из поля <C>link</C> заказа.
            </li>
            <li>
              Если ключ неверный, API недоступен или товары заданы с ошибкой, под кнопкой появляется понятное
              сообщение на русском; с <C>debug</C> подробности пишутся в консоль.
            </li>
            <li>
              Повторное нажатие после сбоя сети отправляет тот же <C>Idempotency-Key</C>, поэтому второй заказ
              не создаётся.
            </li>
          </ul>
          <CodeBlock title="JavaScript · события кнопки" code={EVENTS_SNIPPET} />
          <p>
            Заказы по API, статусы и вебхуки — в{' '}
            <Link to={apiDocs} className="font-medium text-brand-700 underline underline-offset-4">
              документации REST API
            </Link>
            .
          </p>
        </DocSection>
      </div>
    </PageContainer>
  );
}

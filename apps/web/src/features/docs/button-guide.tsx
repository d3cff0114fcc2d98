import { Link } from 'react-router';
import { CodeBlock } from './code-block';
import { C, DocSection, type ParamRow, ParamTable } from './docs-ui';
import { DEMO_SUBTEXT, initSnippet, webComponentSnippet } from './widget-snippets';

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
    name: (
      <>
        <C>return-url</C> · <C>returnUrl</C>
      </>
    ),
    description:
      'Страница магазина, куда покупатель вернётся кнопкой «Вернуться в магазин» (к адресу добавится id заказа). ' +
      'В рабочем режиме — только https://.',
    extra: '—',
  },
  {
    name: (
      <>
        <C>cancel-url</C> · <C>cancelUrl</C>
      </>
    ),
    description:
      'Страница магазина для покупателя, который передумал (например, корзина); к адресу добавится id заказа.',
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

/** How to put the button on a page (both methods, with the visitor's key), its parameters and behaviour. */
export function ButtonGuide({ apiToken, apiDocs }: { apiToken: string; apiDocs: string }) {
  const origin = window.location.origin;
  return (
    <>
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
    </>
  );
}

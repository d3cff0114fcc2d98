import { type OrderStatus, STATUS_INFO } from '@b2bpay/domain';
import { type ReactNode, useState } from 'react';
import { Link, useParams } from 'react-router';
import { usePageMeta } from '../../shared/meta/page-meta';
import { buttonClass } from '../../shared/ui/button';
import { ExternalLinkIcon } from '../../shared/ui/icons';
import { PageContainer } from '../../shared/ui/page-container';
import { PageHeader } from '../../shared/ui/page-header';
import { StatusBadge } from '../../shared/ui/status-badge';
import { CancelAndRefundDocs, ExportDocs, PayoutDocs, SHOP_REFERENCE_ROWS } from './after-decision-docs';
import { ERROR_SAMPLE, envSample, LIST_SAMPLE, ORDER_SAMPLE, WEBHOOK_SAMPLE } from './api-samples';
import { CodeBlock } from './code-block';
import { CodeTabs } from './code-tabs';
import { C, DocSection, Endpoint, ParamTable } from './docs-ui';
import { ErrorCatalogue } from './error-catalogue';
import { EventLogDocs } from './event-log-docs';
import { EXAMPLES, type ExampleLanguage } from './examples';
import { SandboxRules } from './sandbox-rules';
import { SdkDocs } from './sdk-docs';

const SECTIONS = [
  { id: 'overview', title: 'Обзор' },
  { id: 'steps', title: 'Интеграция за 4 шага' },
  { id: 'auth', title: 'Аутентификация' },
  { id: 'create-order', title: 'Создание заказа' },
  { id: 'statuses', title: 'Статусы заказа' },
  { id: 'get-order', title: 'Получение заказа' },
  { id: 'list-orders', title: 'Список заказов' },
  { id: 'webhooks', title: 'Вебхуки' },
  { id: 'errors', title: 'Обработка ошибок' },
  { id: 'sdk', title: 'SDK для Node.js и PHP' },
  { id: 'benefits', title: 'Преимущества' },
] as const;

type SectionId = (typeof SECTIONS)[number]['id'];
const titleOf = (id: SectionId) => SECTIONS.find((s) => s.id === id)?.title ?? id;

const STATUS_MEANING: Record<OrderStatus, string> = {
  client_expected: 'Заказ создан; покупатель ещё не отправил заявку по ссылке link.',
  bank_info_expected: 'Заявка отправлена; банки-партнёры проверяют данные покупателя.',
  app_approved: 'Банк одобрил заявку.',
  app_rejected: 'Все банки отклонили заявку.',
  payment_sent: 'Банк перечислил деньги магазину. Событие order.payment.completed.',
  client_info_overdue: 'Покупатель не отправил заявку за отведённое время (по умолчанию 72 часа).',
  cancelled: 'Магазин отменил заказ (POST …/cancel); банки отозвали заявку.',
  refunded: 'Магазин вернул всю сумму оплаченного заказа (POST …/refunds).',
};

function InfoCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="min-w-0 rounded-[var(--radius-card)] border border-slate-200 bg-white p-4">
      <h3 className="text-sm font-medium text-slate-600">{title}</h3>
      <div className="mt-1.5 text-[15px] break-words text-slate-900">{children}</div>
    </div>
  );
}

const link = 'font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800';

/** REST API documentation (spec §2, §7): every section with examples that the test suite runs. */
export default function ApiDocsPage() {
  usePageMeta({
    title: 'Документация REST API',
    description:
      'REST API B2BPay: создание заказов, статусы, список заказов и вебхуки с подписью. Примеры на cURL, Python, Node.js и PHP.',
  });
  const { shopId } = useParams();
  const [language, setLanguage] = useState<ExampleLanguage>('curl');
  const origin = window.location.origin;
  const buttonDemo = shopId ? `/shops/${encodeURIComponent(shopId)}/button-demo` : '/shops/button-demo';
  const tabs = { language, onLanguageChange: setLanguage };

  return (
    <PageContainer>
      <PageHeader
        title="Документация REST API"
        subtitle="Создавайте заказы со своего сервера, следите за статусами и получайте вебхуки."
        backTo={shopId ? `/shops/${encodeURIComponent(shopId)}` : undefined}
        actions={
          <div className="flex flex-wrap gap-2">
            <a
              href="/api/docs"
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClass('secondary')}
            >
              Swagger UI
              <ExternalLinkIcon size={16} />
            </a>
            <a
              href="/api/openapi.json"
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClass('secondary')}
            >
              OpenAPI JSON
              <ExternalLinkIcon size={16} />
            </a>
          </div>
        }
      />

      <div className="lg:grid lg:grid-cols-[200px_minmax(0,1fr)] lg:gap-10">
        <nav aria-label="Разделы документации" className="mb-8 lg:mb-0">
          <ol className="flex flex-wrap gap-2 lg:sticky lg:top-24 lg:flex-col lg:gap-0.5">
            {SECTIONS.map((section) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className="inline-flex min-h-9 items-center rounded-[var(--radius-control)] border border-slate-200 bg-white px-3 text-sm text-slate-700 hover:border-brand-200 hover:text-brand-800 lg:min-h-8 lg:border-0 lg:bg-transparent lg:px-2"
                >
                  {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>

        <div className="flex min-w-0 flex-col gap-12">
          <DocSection id="overview" title={titleOf('overview')}>
            <div className="grid gap-3 sm:grid-cols-2">
              <InfoCard title="Базовый адрес">
                <C>{origin}</C>, все пути начинаются с <C>/api</C>
              </InfoCard>
              <InfoCard title="Формат">JSON в UTF-8; суммы — в рублях числом, до 2 знаков: 350.1</InfoCard>
              <InfoCard title="Авторизация">
                Заголовок <C>Authorization: Bearer &lt;ключ&gt;</C>
              </InfoCard>
              <InfoCard title="Лимит">
                100 запросов в минуту на ключ; сверх — ответ 429 и Retry-After
              </InfoCard>
            </div>
            <p>
              Полный справочник всех операций и схем —{' '}
              <a href="/api/docs" target="_blank" rel="noopener noreferrer" className={link}>
                Swagger UI (/api/docs)
              </a>{' '}
              и{' '}
              <a href="/api/openapi.json" target="_blank" rel="noopener noreferrer" className={link}>
                OpenAPI 3.1 (/api/openapi.json)
              </a>
              . Ниже — то, что нужно для интеграции, с примерами на cURL, Python, Node.js и PHP. Примеры —
              готовые файлы: при любом ответе, кроме 200, они печатают статус и тело ответа. То же через
              готовые клиенты — в разделе{' '}
              <a href="#sdk" className={link}>
                SDK для Node.js и PHP
              </a>
              .
            </p>
          </DocSection>

          <DocSection id="steps" title={titleOf('steps')}>
            <ol className="grid gap-3 sm:grid-cols-2">
              {[
                [
                  'Получите ключи',
                  'В личном кабинете: секретный sk_… для сервера, публикуемый pk_… для кнопки и секрет вебхуков whsec_….',
                ],
                [
                  'Создайте заказ',
                  'POST /api/order/orders с товарами. В ответе — id заказа и link, ссылка для покупателя.',
                ],
                [
                  'Отправьте покупателя по ссылке',
                  'Откройте link на своём сайте, пришлите её письмом или покажите QR-код. Покупатель заполнит заявку за 3 минуты.',
                ],
                [
                  'Следите за статусом',
                  'Вебхуки придут на ваш адрес при каждой смене статуса; GET /api/order/orders/{id} покажет заказ в любой момент.',
                ],
              ].map(([title, text], i) => (
                <li
                  key={title}
                  className="flex gap-3 rounded-[var(--radius-card)] border border-slate-200 bg-white p-4"
                >
                  <span
                    className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-700 text-sm font-semibold text-white"
                    aria-hidden="true"
                  >
                    {i + 1}
                  </span>
                  <div className="min-w-0">
                    <h3 className="font-semibold text-slate-900">{title}</h3>
                    <p className="mt-1 text-sm text-slate-600">{text}</p>
                  </div>
                </li>
              ))}
            </ol>
            <p>
              Без своего сервера заказ создаёт{' '}
              <Link to={buttonDemo} className={link}>
                кнопка «Купить в рассрочку»
              </Link>
              .
            </p>
            <SandboxRules />
          </DocSection>

          <DocSection id="auth" title={titleOf('auth')}>
            <p>
              Каждый запрос магазина несёт ключ в заголовке <C>Authorization: Bearer &lt;ключ&gt;</C>. Ключи
              выдаются в личном кабинете и показываются один раз.
            </p>
            <ParamTable
              caption="Ключи магазина"
              columns={['Ключ', 'Для чего', 'Где хранить']}
              rows={[
                {
                  name: <C>sk_…</C>,
                  description: 'Секретный: все операции API и кабинет магазина.',
                  extra: 'Только на сервере',
                },
                {
                  name: <C>pk_…</C>,
                  description:
                    'Публикуемый: только создание заказа, без webhook_url. Для кнопки на сайте; в настройках магазина можно перечислить сайты (widget_origins), и запросы с другим Origin получат 403.',
                  extra: 'Можно в HTML',
                },
                {
                  name: <C>whsec_…</C>,
                  description: 'Секрет подписи вебхуков.',
                  extra: 'Только на сервере',
                },
              ]}
            />
            <p>
              Для проб есть демо-магазин с открытыми ключами. Примеры читают адрес и ключ из переменных
              окружения <C>B2BPAY_BASE_URL</C> и <C>B2BPAY_API_KEY</C> (вебхуки — <C>B2BPAY_WEBHOOK_SECRET</C>
              ); без них берутся <C>http://localhost:3000</C> и демо-ключи. Для этого сервера:
            </p>
            <CodeBlock title="Переменные окружения для примеров" code={envSample(origin)} />
            <p>
              Смена ключа без простоя: <C>POST /api/shop/keys/rotate</C> с полем <C>expire_old_in_seconds</C>{' '}
              (0–604800, по умолчанию 0) — столько секунд работают и старый, и новый ключ; старый в это время
              только создаёт и читает заказы (выпустить ключ, изменить настройки и вебхуки им нельзя — 403).
              Так же <C>PUT /api/shop/settings</C> с <C>rotate_webhook_secret: true</C> и{' '}
              <C>expire_old_in_seconds</C>: до конца этого срока каждый вебхук несёт обе подписи. Отозванный
              или истёкший ключ перестаёт работать на всех серверах B2BPay в течение секунды.
            </p>
          </DocSection>

          <DocSection id="create-order" title={titleOf('create-order')}>
            <Endpoint method="POST" path="/api/order/orders" />
            <p>
              Создаёт заказ и возвращает его с полем <C>link</C> — страницей покупателя. Сумму считает сервер;
              она должна быть больше 0 (иначе 400 с полем <C>products</C>). Заголовок <C>Idempotency-Key</C>{' '}
              защищает от двойного заказа при повторе: тот же ключ и то же тело в течение 24 часов вернут
              первый ответ (для ключей sk_ и pk_ — раздельно).
            </p>
            <ParamTable
              caption="Тело запроса"
              columns={['Поле', 'Описание', 'Обязательно']}
              rows={[
                {
                  name: <C>products[]</C>,
                  description:
                    'Товары, от 1 до 100: name — название (до 255 символов), price — цена в рублях (до 2 знаков), quantity — целое от 1.',
                  extra: 'да',
                },
                {
                  name: <C>webhook_url</C>,
                  description:
                    'Адрес https://… для вебхуков этого заказа; без него — адрес магазина по умолчанию. Только с секретным ключом: с pk_ — 403.',
                  extra: 'нет',
                },
                {
                  name: <C>client</C>,
                  description:
                    'Данные покупателя для анкеты: name, surname, middlename, full_name, phone_number (мобильный номер России, +79XXXXXXXXX: на него придёт код из СМС), email.',
                  extra: 'нет',
                },
                ...SHOP_REFERENCE_ROWS,
              ]}
            />
            <CodeTabs examples={EXAMPLES.createOrder} label="Примеры: создание заказа" {...tabs} />
            <CodeBlock title="Ответ 200 · заказ" code={ORDER_SAMPLE} />
          </DocSection>

          <DocSection id="statuses" title={titleOf('statuses')}>
            <p>
              Статус меняется сам по мере того, как покупатель заполняет заявку и банки отвечают:{' '}
              <C>client_expected</C> → <C>bank_info_expected</C> → <C>app_approved</C> → <C>payment_sent</C>.
              Из <C>bank_info_expected</C> возможен <C>app_rejected</C>, из <C>client_expected</C> —{' '}
              <C>client_info_overdue</C>. Магазин может отменить заказ до оплаты (<C>cancelled</C>) и оформить
              возврат оплаченного (<C>refunded</C>, когда возвращена вся сумма).
            </p>
            <ParamTable
              caption="Статусы заказа"
              columns={['Код', 'Что значит', 'В кабинете']}
              rows={(Object.keys(STATUS_INFO) as OrderStatus[]).map((code) => ({
                name: <C>{code}</C>,
                description: STATUS_MEANING[code],
                extra: <StatusBadge status={code} />,
              }))}
            />
            <CancelAndRefundDocs />
          </DocSection>

          <DocSection id="get-order" title={titleOf('get-order')}>
            <Endpoint method="GET" path="/api/order/orders/{order_id}" />
            <p>
              Заказ со статусом, номером, суммой, датами и данными клиента. С секретным ключом
              магазина-владельца — полный вид; заказ другого магазина — 404.
            </p>
            <p>
              Поле <C>version</C> — версия состава заказа: 1 при создании, +1 при каждой замене товаров (
              <C>PUT /api/order/orders/{'{order_id}'}/products</C>, пока заказ в <C>client_expected</C>).
              Замена пишет в историю «Состав заказа изменён» со старой и новой суммой и отправляет вебхук{' '}
              <C>order.products.updated</C>. Покупатель отправляет заявку с <C>order_version</C> — версией,
              которую он видел; если состав изменился, он получает 409 <C>ORDER_CHANGED</C> «Состав заказа
              изменился. Проверьте заказ и подтвердите заявку снова.», видит новую сумму и подтверждает заявку
              снова. Банк получает заявку ровно на ту сумму, с которой согласился покупатель.
            </p>
            <CodeTabs examples={EXAMPLES.getOrder} label="Примеры: получение заказа" {...tabs} />
            <PayoutDocs />
          </DocSection>

          <DocSection id="list-orders" title={titleOf('list-orders')}>
            <Endpoint method="GET" path="/api/order/orders" />
            <p>Заказы магазина, новые сверху, по 20 на странице.</p>
            <ParamTable
              caption="Параметры запроса"
              columns={['Параметр', 'Описание', 'По умолчанию']}
              rows={[
                { name: <C>page</C>, description: 'Номер страницы, с 1.', extra: '1' },
                { name: <C>limit</C>, description: 'Заказов на странице, 1–100.', extra: '20' },
                {
                  name: <C>starting_after</C>,
                  description:
                    'id последнего заказа предыдущей страницы: следующая страница не сдвигается, когда приходят новые заказы (has_more — есть ли ещё).',
                  extra: '—',
                },
                {
                  name: <C>updated_since</C>,
                  description: 'Только заказы, изменённые с этого момента (дата-время ISO 8601).',
                  extra: '—',
                },
                {
                  name: <C>status</C>,
                  description: 'Статус; можно повторять: status=app_approved&status=payment_sent.',
                  extra: 'все',
                },
                { name: <C>order_id</C>, description: 'Поиск по номеру заказа.', extra: '—' },
                {
                  name: <C>external_id</C>,
                  description: 'Заказ по вашему номеру external_id (точное совпадение).',
                  extra: '—',
                },
                {
                  name: (
                    <>
                      <C>date_from</C>, <C>date_to</C>
                    </>
                  ),
                  description: 'Период создания: дата ГГГГ-ММ-ДД (весь день) или дата-время ISO 8601.',
                  extra: '—',
                },
              ]}
            />
            <CodeTabs examples={EXAMPLES.listOrders} label="Примеры: список заказов" {...tabs} />
            <CodeBlock title="Ответ 200 · items и count" code={LIST_SAMPLE} />
            <ExportDocs />
          </DocSection>

          <DocSection id="webhooks" title={titleOf('webhooks')}>
            <p>
              При каждом событии B2BPay отправляет <C>POST</C> с JSON на <C>webhook_url</C> заказа или на
              адрес магазина по умолчанию. Ответьте кодом 200 в течение 10 секунд. Если ответа нет или код
              другой, отправка повторяется через 1, 5 и 15 минут. Доставка «хотя бы один раз»: обрабатывайте
              каждый <C>webhook-id</C> один раз, а по <C>sequence</C> восстанавливайте порядок событий заказа.
            </p>
            <ParamTable
              caption="События"
              columns={['Событие', 'Когда']}
              rows={[
                {
                  name: <C>order.status.changed</C>,
                  description: 'Статус заказа изменился (previous_status → status).',
                },
                {
                  name: <C>order.client.updated</C>,
                  description: 'Покупатель заполнил свои данные в заявке.',
                },
                {
                  name: <C>order.payment.completed</C>,
                  description: 'Банк перечислил деньги магазину (payment_sent).',
                },
                {
                  name: <C>order.products.updated</C>,
                  description:
                    'Магазин заменил товары заказа: amount и version — новые, previous_amount и previous_version — прежние.',
                },
                {
                  name: <C>order.refund.created</C>,
                  description: 'Оформлен возврат: refund — сам возврат, refunded_amount — возвращено всего.',
                },
              ]}
            />
            <CodeBlock title="Запрос вебхука (пример)" code={WEBHOOK_SAMPLE} />
            <EventLogDocs />
            <h3 className="text-lg font-semibold text-slate-900">Проверка подписи</h3>
            <p>
              Рекомендуем проверять IP-адрес отправителя и подпись HMAC-SHA256 каждого запроса. Подпись — по
              схеме Standard Webhooks, её проверяют и готовые библиотеки (например, npm-пакет{' '}
              <C>standardwebhooks</C>):
            </p>
            <ol className="list-decimal space-y-1.5 pl-5">
              <li>
                Ключ — часть секрета после <C>whsec_</C>, декодированная из base64.
              </li>
              <li>
                Подписывается строка <C>{'{webhook-id}.{webhook-timestamp}.{тело запроса}'}</C> — тело байт в
                байт, до разбора JSON.
              </li>
              <li>
                HMAC-SHA256 в base64 сравнивается с каждой подписью <C>v1,…</C> из <C>webhook-signature</C>{' '}
                (их может быть несколько через пробел: во время смены секрета с <C>expire_old_in_seconds</C> —{' '}
                <C>v1,&lt;новая&gt; v1,&lt;старая&gt;</C>, подходит любая).
              </li>
              <li>
                Отметка <C>webhook-timestamp</C> старше 5 минут — повтор старого запроса, его отклоняют.
              </li>
            </ol>
            <CodeTabs examples={EXAMPLES.verifyWebhook} label="Примеры: проверка подписи вебхука" {...tabs} />
            <p>
              Проверить свой адрес можно тестовым событием <C>webhook.test</C>: <C>POST /api/webhooks/test</C>{' '}
              с телом <C>{'{"url": "https://…"}'}</C> и секретным ключом.
            </p>
          </DocSection>

          <DocSection id="errors" title={titleOf('errors')}>
            <p>
              Ошибка приходит с HTTP-кодом и телом: <C>detail</C> — текст для человека, <C>error.code</C> —
              код для программы, <C>error.field</C> — поле с ошибкой, если она в данных.
            </p>
            <p>
              При ошибке в данных <C>errors</C> перечисляет все неверные поля (первое из них — в <C>error</C>
              ). Каждый ответ несёт заголовок <C>X-Request-Id</C>, а тело ошибки — тот же{' '}
              <C>error.request_id</C>: назовите его поддержке. Свой <C>X-Request-Id</C> (латиница, цифры и{' '}
              <C>._:-</C>, до 128 символов) сервер сохранит. Неподдерживаемый метод для существующего адреса —
              405 с заголовком <C>Allow</C>.
            </p>
            <CodeBlock title="Ответ с ошибкой" code={ERROR_SAMPLE} />
            <ParamTable
              caption="Коды ответов"
              columns={['HTTP', 'Что случилось', 'error.code']}
              rows={[
                {
                  name: '400',
                  description: 'Неверный формат запроса или не хватает обязательных параметров.',
                  extra: 'VALIDATION_ERROR',
                },
                { name: '401', description: 'Нет ключа или ключ неверный.', extra: 'UNAUTHORIZED' },
                {
                  name: '403',
                  description: 'Ключ не даёт права на операцию (например, pk_… для списка заказов).',
                  extra: 'FORBIDDEN',
                },
                { name: '404', description: 'Заказ с таким ID не найден.', extra: 'NOT_FOUND' },
                {
                  name: '409',
                  description: 'Запрос с тем же Idempotency-Key ещё выполняется.',
                  extra: 'CONFLICT',
                },
                {
                  name: '409',
                  description:
                    'Состав заказа изменился после того, как покупатель его увидел (order_version не совпадает с version).',
                  extra: 'ORDER_CHANGED',
                },
                {
                  name: '422',
                  description: 'Тот же Idempotency-Key пришёл с другим телом запроса.',
                  extra: 'CONFLICT',
                },
                {
                  name: '429',
                  description: 'Превышен лимит: 100 запросов в минуту. Повторите после Retry-After.',
                  extra: 'RATE_LIMITED',
                },
                {
                  name: '500',
                  description: 'Внутренняя ошибка. Повторите запрос позже.',
                  extra: 'INTERNAL_ERROR',
                },
              ]}
            />
            <h3 className="text-lg font-semibold text-slate-900">Каталог кодов ошибок</h3>
            <ErrorCatalogue />
          </DocSection>

          <DocSection id="sdk" title={titleOf('sdk')}>
            <SdkDocs />
          </DocSection>

          <DocSection id="benefits" title={titleOf('benefits')}>
            <ul className="grid gap-3 sm:grid-cols-2">
              {[
                ['0 ₽ для магазина', 'Подключение и работа бесплатны, комиссию платит покупатель.'],
                ['Деньги сразу', 'Банк перечисляет магазину всю сумму заказа после одобрения.'],
                ['Интеграция за 1 день', 'Кнопка на сайт или несколько запросов к API.'],
                ['Продажи +40-60%', 'Рассрочка для бизнеса увеличивает продажи и средний чек на 45%.'],
              ].map(([title, text]) => (
                <li key={title} className="rounded-[var(--radius-card)] border border-slate-200 bg-white p-4">
                  <h3 className="font-semibold text-slate-900">{title}</h3>
                  <p className="mt-1 text-sm text-slate-600">{text}</p>
                </li>
              ))}
            </ul>
          </DocSection>
        </div>
      </div>
    </PageContainer>
  );
}

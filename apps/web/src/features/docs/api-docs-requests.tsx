import { SHOP_PAGE_URL_MAX } from '@b2bpay/domain';
import { SHOP_REFERENCE_ROWS } from './after-decision-docs';
import { type DocsProps, titleOf } from './api-docs-parts';
import { envSample, ORDER_SAMPLE } from './api-samples';
import { CodeBlock } from './code-block';
import { CodeTabs } from './code-tabs';
import { C, DocSection, Endpoint, ParamTable } from './docs-ui';
import { EXAMPLES } from './examples';

export function AuthSection({ origin }: DocsProps) {
  return (
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
        Для проб есть демо-магазин с открытыми ключами. Примеры читают адрес и ключ из переменных окружения{' '}
        <C>B2BPAY_BASE_URL</C> и <C>B2BPAY_API_KEY</C> (вебхуки — <C>B2BPAY_WEBHOOK_SECRET</C>
        ); без них берутся <C>http://localhost:3000</C> и демо-ключи. Для этого сервера:
      </p>
      <CodeBlock title="Переменные окружения для примеров" code={envSample(origin)} />
      <p>
        Смена ключа без простоя: <C>POST /api/shop/keys/rotate</C> с полем <C>expire_old_in_seconds</C>{' '}
        (0–604800, по умолчанию 0) — столько секунд работают и старый, и новый ключ; старый в это время только
        создаёт и читает заказы (выпустить ключ, изменить настройки и вебхуки им нельзя — 403). Так же{' '}
        <C>PUT /api/shop/settings</C> с <C>rotate_webhook_secret: true</C> и <C>expire_old_in_seconds</C>: до
        конца этого срока каждый вебхук несёт обе подписи. Отозванный или истёкший ключ перестаёт работать на
        всех серверах B2BPay в течение секунды.
      </p>
    </DocSection>
  );
}

/** What return_url and cancel_url share: the limits come from the contract in packages/domain. */
const SHOP_PAGE_RULES =
  `Адрес http:// или https:// (на рабочем сервере — только https://), до ${SHOP_PAGE_URL_MAX} символов; ` +
  'B2BPay добавит к нему параметр order_id с id заказа, ваши параметры останутся. Возвращается в заказе. ' +
  'С pk_ — только адрес сайта из widget_origins, если они заданы (иначе 403).';

export function CreateOrderSection({ tabs }: DocsProps) {
  return (
    <DocSection id="create-order" title={titleOf('create-order')}>
      <Endpoint method="POST" path="/api/order/orders" />
      <p>
        Создаёт заказ и возвращает его с полем <C>link</C> — страницей покупателя. Сумму считает сервер; она
        должна быть больше 0 (иначе 400 с полем <C>products</C>). Заголовок <C>Idempotency-Key</C> защищает от
        двойного заказа при повторе: тот же ключ и то же тело в течение 24 часов вернут первый ответ (для
        ключей sk_ и pk_ — раздельно).
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
          {
            name: <C>return_url</C>,
            description: `Страница магазина, куда покупатель вернётся после отправки заявки: ссылка «Вернуться в магазин» на странице успеха и на странице заказа. ${SHOP_PAGE_RULES}`,
            extra: 'нет',
          },
          {
            name: <C>cancel_url</C>,
            description: `Страница магазина, куда покупатель вернётся, если передумал до отправки заявки: ссылка «Вернуться в магазин» на шагах анкеты. ${SHOP_PAGE_RULES}`,
            extra: 'нет',
          },
        ]}
      />
      <CodeTabs examples={EXAMPLES.createOrder} label="Примеры: создание заказа" {...tabs} />
      <CodeBlock title="Ответ 200 · заказ" code={ORDER_SAMPLE} />
    </DocSection>
  );
}

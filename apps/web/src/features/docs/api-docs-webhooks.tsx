import { type DocsProps, titleOf } from './api-docs-parts';
import { WEBHOOK_SAMPLE } from './api-samples';
import { CodeBlock } from './code-block';
import { CodeTabs } from './code-tabs';
import { C, DocSection, ParamTable } from './docs-ui';
import { EventLogDocs } from './event-log-docs';
import { EXAMPLES } from './examples';

export function WebhooksSection({ tabs }: DocsProps) {
  return (
    <DocSection id="webhooks" title={titleOf('webhooks')}>
      <p>
        При каждом событии B2BPay отправляет <C>POST</C> с JSON на каждый адрес вебхука магазина, который
        выбрал это событие, и на <C>webhook_url</C> заказа. Ответьте кодом 200 в течение 10 секунд. Если
        ответа нет или код другой, отправка повторяется через 1, 5 и 15 минут, затем через 1, 3, 6 и 12 часов
        и дальше раз в сутки — в течение 3 суток. Если адрес не отвечает, мы пишем магазину на e-mail, а когда
        повторы кончаются — ещё раз. Доставка «хотя бы один раз»: обрабатывайте каждый <C>webhook-id</C> один
        раз, а по <C>sequence</C> восстанавливайте порядок событий заказа.
      </p>
      <h3 className="text-lg font-semibold text-slate-900">Адреса вебхуков</h3>
      <p>
        У магазина может быть несколько адресов — например, учётная система и CRM: у каждого свой секрет
        подписи <C>whsec_…</C>, свой выбор событий <C>enabled_events</C> (<C>{'["*"]'}</C> — все, и новые
        тоже) и свой журнал доставок. Адреса — <C>GET</C> и <C>POST /api/webhooks/endpoints</C>, <C>GET</C>,{' '}
        <C>PATCH</C> и <C>DELETE /api/webhooks/endpoints/{'{id}'}</C>, новый секрет —{' '}
        <C>POST /api/webhooks/endpoints/{'{id}'}/secret/rotate</C> (с <C>expire_old_in_seconds</C>, как в
        настройках), доставки одного адреса — <C>GET /api/webhooks/deliveries?endpoint_id=…</C>. Секрет
        показывается один раз — в ответе создания или смены. Адрес принадлежит режиму ключа: созданный
        тестовым ключом получает только тестовые события. Адрес из настроек магазина (<C>webhook_url</C>) —
        первый адрес (<C>legacy</C>): он подписывается секретом магазина и получает те же события, что и
        раньше, — все, кроме <C>order.created</C>; <C>webhook_url</C> заказа получает их вместо него. Один
        адрес получает событие один раз, даже если он указан и в заказе, и в адресах магазина.
      </p>
      <ParamTable
        caption="События"
        columns={['Событие', 'Когда']}
        rows={[
          {
            name: <C>order.created</C>,
            description:
              'Заказ создан (status client_expected, sequence 0). Приходит только на адреса, которые выбрали его или «*».',
          },
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
        Рекомендуем проверять IP-адрес отправителя и подпись HMAC-SHA256 каждого запроса. Адреса, с которых
        приходят вебхуки, отдаёт <C>GET /api/webhooks/sender-ips</C> (без ключа; пустой список — адреса не
        закреплены, например в разработке: тогда проверяйте подпись). Подпись — по схеме Standard Webhooks, её
        проверяют и готовые библиотеки (например, npm-пакет <C>standardwebhooks</C>):
      </p>
      <ol className="list-decimal space-y-1.5 pl-5">
        <li>
          Ключ — часть секрета после <C>whsec_</C>, декодированная из base64.
        </li>
        <li>
          Подписывается строка <C>{'{webhook-id}.{webhook-timestamp}.{тело запроса}'}</C> — тело байт в байт,
          до разбора JSON.
        </li>
        <li>
          HMAC-SHA256 в base64 сравнивается с каждой подписью <C>v1,…</C> из <C>webhook-signature</C> (их
          может быть несколько через пробел: во время смены секрета с <C>expire_old_in_seconds</C> —{' '}
          <C>v1,&lt;новая&gt; v1,&lt;старая&gt;</C>, подходит любая).
        </li>
        <li>
          Отметка <C>webhook-timestamp</C> старше 5 минут — повтор старого запроса, его отклоняют.
        </li>
      </ol>
      <CodeTabs examples={EXAMPLES.verifyWebhook} label="Примеры: проверка подписи вебхука" {...tabs} />
      <p>
        Проверить свой адрес можно тестовым событием <C>webhook.test</C>: <C>POST /api/webhooks/test</C> с
        телом <C>{'{"url": "https://…"}'}</C> и секретным ключом.
      </p>
    </DocSection>
  );
}

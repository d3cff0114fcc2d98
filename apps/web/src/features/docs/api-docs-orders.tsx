import { type OrderStatus, STATUS_INFO } from '@b2bpay/domain';
import { StatusBadge } from '../../shared/ui/status-badge';
import { CancelAndRefundDocs, ExportDocs, PayoutDocs } from './after-decision-docs';
import { type DocsProps, STATUS_MEANING, titleOf } from './api-docs-parts';
import { LIST_SAMPLE } from './api-samples';
import { CodeBlock } from './code-block';
import { CodeTabs } from './code-tabs';
import { C, DocSection, Endpoint, ParamTable } from './docs-ui';
import { EXAMPLES } from './examples';

export function StatusesSection() {
  return (
    <DocSection id="statuses" title={titleOf('statuses')}>
      <p>
        Статус меняется сам по мере того, как покупатель заполняет заявку и банки отвечают:{' '}
        <C>client_expected</C> → <C>bank_info_expected</C> → <C>app_approved</C> → <C>payment_sent</C>. Из{' '}
        <C>bank_info_expected</C> возможен <C>app_rejected</C>, из <C>client_expected</C> —{' '}
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
  );
}

export function GetOrderSection({ tabs }: DocsProps) {
  return (
    <DocSection id="get-order" title={titleOf('get-order')}>
      <Endpoint method="GET" path="/api/order/orders/{order_id}" />
      <p>
        Заказ со статусом, номером, суммой, датами и данными клиента. С секретным ключом магазина-владельца —
        полный вид; заказ другого магазина — 404.
      </p>
      <p>
        Поле <C>version</C> — версия состава заказа: 1 при создании, +1 при каждой замене товаров (
        <C>PUT /api/order/orders/{'{order_id}'}/products</C>, пока заказ в <C>client_expected</C>). Замена
        пишет в историю «Состав заказа изменён» со старой и новой суммой и отправляет вебхук{' '}
        <C>order.products.updated</C>. Покупатель отправляет заявку с <C>order_version</C> — версией, которую
        он видел; если состав изменился, он получает 409 <C>ORDER_CHANGED</C> «Состав заказа изменился.
        Проверьте заказ и подтвердите заявку снова.», видит новую сумму и подтверждает заявку снова. Банк
        получает заявку ровно на ту сумму, с которой согласился покупатель.
      </p>
      <CodeTabs examples={EXAMPLES.getOrder} label="Примеры: получение заказа" {...tabs} />
      <PayoutDocs />
    </DocSection>
  );
}

export function ListOrdersSection({ tabs }: DocsProps) {
  return (
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
            name: <C>ending_before</C>,
            description:
              'id первого заказа текущей страницы: вернётся предыдущая страница — до limit заказов перед ним, новые сверху (has_more — есть ли ещё новее). Один курсор за раз: вместе со starting_after или с page > 1 — ошибка 400; id не вашего или несуществующего заказа — тоже 400.',
            extra: '—',
          },
          {
            name: <C>updated_since</C>,
            description:
              'Только заказы, изменённые с этого момента: дата-время ISO 8601 или дата ГГГГ-ММ-ДД (с начала суток по Москве).',
            extra: '—',
          },
          {
            name: <C>status</C>,
            description:
              'Статус; можно повторять (status=app_approved&status=payment_sent) или перечислить через запятую (status=app_approved,payment_sent). Неизвестный статус — 400 со списком допустимых.',
            extra: 'все',
          },
          { name: <C>order_id</C>, description: 'Поиск по номеру заказа.', extra: '—' },
          {
            name: <C>q</C>,
            description:
              'Поиск без учёта регистра: часть номера («№12» — только по номеру), организация покупателя, ИНН, товар, external_id.',
            extra: '—',
          },
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
  );
}

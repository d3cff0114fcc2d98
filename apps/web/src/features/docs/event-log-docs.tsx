import { EVENT_LOG_MAX_LIMIT } from '@b2bpay/domain';
import { CodeBlock } from './code-block';
import { C, ParamTable } from './docs-ui';

const EVENT_LOG_SAMPLE = `GET /api/order/events?after=8d2f4c1a-6b3e-4f5d-9a7c-1e2b3c4d5e6f&limit=100
Authorization: Bearer sk_…

{
  "items": [ { "event": "order.status.changed", "event_id": "…", "order_id": "…", … } ],
  "has_more": false
}
`;

/**
 * The event log: how a shop catches up on the webhooks it missed while it was down.
 */
export function EventLogDocs() {
  return (
    <>
      <h3 className="text-lg font-semibold text-slate-900">Журнал событий: догнать пропущенное</h3>
      <p>
        <C>GET /api/order/events</C> (секретный ключ) отдаёт события заказов магазина в порядке фиксации — с
        теми же <C>event_id</C> и телами, что у вебхуков. После простоя запросите события после последнего
        обработанного и повторяйте, пока <C>has_more</C> — <C>true</C>. Курсор <C>after</C> ничего не
        пропускает: событие появляется в журнале, когда завершены все транзакции, начатые раньше его.
      </p>
      <ParamTable
        caption="Параметры журнала событий"
        columns={['Параметр', 'Описание', 'По умолчанию']}
        rows={[
          {
            name: <C>after</C>,
            description: 'event_id последнего обработанного события.',
            extra: 'с начала',
          },
          {
            name: <C>limit</C>,
            description: `Сколько событий вернуть, 1–${EVENT_LOG_MAX_LIMIT}.`,
            extra: '20',
          },
          {
            name: <C>since</C>,
            description:
              'Только события с этого момента: дата-время ISO 8601 или дата ГГГГ-ММ-ДД (с начала суток по Москве). Если курсор after потерян — старые события удаляются через RETENTION_EVENTS.',
            extra: '—',
          },
          { name: <C>type</C>, description: 'Тип события; можно повторять.', extra: 'все' },
          { name: <C>order_id</C>, description: 'События одного заказа.', extra: '—' },
        ]}
      />
      <CodeBlock title="Журнал событий · ответ 200" code={EVENT_LOG_SAMPLE} />
    </>
  );
}

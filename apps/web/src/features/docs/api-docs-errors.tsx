import { titleOf } from './api-docs-parts';
import { ERROR_SAMPLE } from './api-samples';
import { CodeBlock } from './code-block';
import { C, DocSection, ParamTable } from './docs-ui';
import { ErrorCatalogue } from './error-catalogue';

export function ErrorsSection() {
  return (
    <DocSection id="errors" title={titleOf('errors')}>
      <p>
        Ошибка приходит с HTTP-кодом и телом: <C>detail</C> — текст для человека, <C>error.code</C> — код для
        программы, <C>error.field</C> — поле с ошибкой, если она в данных.
      </p>
      <p>
        При ошибке в данных <C>errors</C> перечисляет все неверные поля (первое из них — в <C>error</C>
        ). Каждый ответ несёт заголовок <C>X-Request-Id</C>, а тело ошибки — тот же <C>error.request_id</C>:
        назовите его поддержке. Свой <C>X-Request-Id</C> (латиница, цифры и <C>._:-</C>, до 128 символов)
        сервер сохранит. Неподдерживаемый метод для существующего адреса — 405 с заголовком <C>Allow</C>.
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
            description: 'Статус заказа не позволяет действие; текущий статус — в error.order_status.',
            extra: 'ORDER_STATUS_CONFLICT',
          },
          {
            name: '409',
            description: 'Запрос с тем же Idempotency-Key ещё выполняется.',
            extra: 'IDEMPOTENCY_KEY_IN_USE',
          },
          {
            name: '409',
            description: 'Сумма возврата больше, чем осталось вернуть по заказу.',
            extra: 'REFUND_EXCEEDS_REMAINING',
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
            extra: 'IDEMPOTENCY_KEY_REUSED',
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
  );
}

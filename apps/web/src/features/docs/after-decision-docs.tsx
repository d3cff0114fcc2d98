import {
  CANCEL_REASON_MAX,
  CANCELLABLE_STATUSES,
  EXPORT_COLUMNS,
  EXTERNAL_ID_MAX,
  METADATA_KEY_MAX,
  METADATA_MAX_KEYS,
  METADATA_VALUE_MAX,
} from '@b2bpay/domain';
import { Fragment } from 'react';
import { CodeBlock } from './code-block';
import { C, Endpoint, type ParamRow, ParamTable } from './docs-ui';

/**
 * DESIGN §11 on the docs page: the shop's own reference at creation, cancel, returns,
 * the payout and the accounting export. Subsections (h3) of the spec's sections, so that the page
 * keeps spec §2's list of sections; the limits come from the contract in packages/domain.
 */

/** Rows of «Создание заказа»'s body table: the shop's own reference and free-form data. */
export const SHOP_REFERENCE_ROWS: ParamRow[] = [
  {
    name: <C>external_id</C>,
    description: `Ваш номер заказа (строка до ${EXTERNAL_ID_MAX} символов), единственный в магазине: второй заказ с тем же external_id — 409 DUPLICATE_EXTERNAL_ID с id существующего в error.order_id. Возвращается в заказе и в каждом вебхуке; список заказов и выгрузка фильтруются по нему. Только с секретным ключом.`,
    extra: 'нет',
  },
  {
    name: <C>metadata</C>,
    description: `Ваши данные к заказу: до ${METADATA_MAX_KEYS} ключей до ${METADATA_KEY_MAX} символов, значения — строки до ${METADATA_VALUE_MAX} символов. Возвращаются как есть в заказе и в вебхуках. Только с секретным ключом.`,
    extra: 'нет',
  },
];

const CANCEL_SAMPLE = `POST /api/order/orders/{order_id}/cancel
Authorization: Bearer sk_…
Content-Type: application/json

{"reason": "Покупатель передумал"}`;

const REFUND_SAMPLE = `POST /api/order/orders/{order_id}/refunds
Authorization: Bearer sk_…
Idempotency-Key: 5b0a5c1e-3f7a-4d2b-9c1e-0a6f2d8e4b71
Content-Type: application/json

{"amount": 350.10, "reason": "Вернулась одна пачка бумаги",
 "products": [{"product_id": 1, "quantity": 1}]}

HTTP/1.1 200 OK
{"id": "…", "order_id": "…", "amount": 350.1, "reason": "Вернулась одна пачка бумаги",
 "products": [{"product_id": 1, "quantity": 1}], "created_at": "2026-11-24T09:30:00.000Z"}`;

const PAYOUT_SAMPLE = `"payout": {
  "bank": "sever",
  "amount": 1050.3,
  "fee": 0,
  "reference": "SEVER-418203",
  "paid_at": "2026-11-24T10:05:00.000Z"
}`;

/** «Статусы заказа» → how a shop ends an order itself: cancel and returns. */
export function CancelAndRefundDocs() {
  return (
    <>
      <h3 id="cancel" className="scroll-mt-24 text-lg font-semibold text-slate-900">
        Отмена заказа
      </h3>
      <Endpoint method="POST" path="/api/order/orders/{order_id}/cancel" />
      <p>
        Секретный ключ. Тело — <C>{'{"reason": "…"}'}</C>, причина необязательна (до {CANCEL_REASON_MAX}{' '}
        символов). Из{' '}
        {CANCELLABLE_STATUSES.map((status, i) => (
          <Fragment key={status}>
            {i > 0 && ', '}
            <C>{status}</C>
          </Fragment>
        ))}{' '}
        заказ переходит в <C>cancelled</C> и возвращается ответом 200: банки отзывают заявку, покупатель,
        отправивший заявку, получает письмо, уходит вебхук <C>order.status.changed</C>, в истории — кто и
        почему отменил. Повторная отмена отменённого заказа — снова 200 с тем же заказом, без новых событий.
        Из <C>payment_sent</C>, <C>refunded</C> и <C>app_rejected</C> — 409.
      </p>
      <CodeBlock title="Запрос · отмена" code={CANCEL_SAMPLE} />

      <h3 id="refunds" className="scroll-mt-24 text-lg font-semibold text-slate-900">
        Возвраты
      </h3>
      <Endpoint method="POST" path="/api/order/orders/{order_id}/refunds" />
      <Endpoint method="GET" path="/api/order/orders/{order_id}/refunds" />
      <p>
        Только для оплаченного заказа (<C>payment_sent</C>), полностью или частями. Заголовок{' '}
        <C>Idempotency-Key</C> — как при создании заказа. Ответ 200 — сам возврат; у заказа растёт{' '}
        <C>refunded_amount</C>, а возврат всего остатка переводит его в <C>refunded</C>. Банк узнаёт о
        возврате, покупатель получает письмо, магазин — вебхук <C>order.refund.created</C> (тело вебхука плюс{' '}
        <C>refund</C> и <C>refunded_amount</C>). Два возврата, спорящих за последний рубль: один 200, другой
        409. GET отдаёт возвраты заказа в порядке оформления.
      </p>
      <ParamTable
        caption="Тело запроса возврата"
        columns={['Поле', 'Описание', 'Обязательно']}
        rows={[
          {
            name: <C>amount</C>,
            description:
              'Сумма в рублях, до 2 знаков: больше 0 и не больше остатка (сумма заказа минус refunded_amount); больше остатка — 409.',
            extra: 'да',
          },
          { name: <C>reason</C>, description: `Причина, до ${CANCEL_REASON_MAX} символов.`, extra: 'да' },
          {
            name: <C>products[]</C>,
            description:
              'Какие товары вернулись: product_id — id товара этого заказа, quantity — не больше купленного за вычетом прежних возвратов (иначе 400 с полем products).',
            extra: 'нет',
          },
        ]}
      />
      <CodeBlock title="Запрос и ответ · возврат" code={REFUND_SAMPLE} />
    </>
  );
}

/** «Получение заказа» → what the bank paid: the payout. */
export function PayoutDocs() {
  return (
    <>
      <h3 id="payout" className="scroll-mt-24 text-lg font-semibold text-slate-900">
        Выплата
      </h3>
      <p>
        Когда заказ доходит до <C>payment_sent</C>, в нём появляется <C>payout</C>: <C>bank</C> — какой
        банк-партнёр заплатил, <C>amount</C> — сколько пришло магазину (в рублях), <C>fee</C> — комиссия
        магазина (0 ₽: для магазина сервис бесплатен), <C>reference</C> — номер платёжного поручения,{' '}
        <C>paid_at</C> — время выплаты. До оплаты — <C>null</C>. То же поле — в вебхуке{' '}
        <C>order.payment.completed</C>.
      </p>
      <CodeBlock title="Поле payout" code={PAYOUT_SAMPLE} />
    </>
  );
}

/** «Список заказов» → the same filters as a CSV file for accounting. */
export function ExportDocs() {
  return (
    <>
      <h3 id="export" className="scroll-mt-24 text-lg font-semibold text-slate-900">
        Выгрузка для бухгалтерии
      </h3>
      <Endpoint method="GET" path="/api/order/orders/export.csv" />
      <p>
        Секретный ключ; фильтры — как у списка (<C>status</C>, <C>order_id</C>, <C>external_id</C>,{' '}
        <C>date_from</C>, <C>date_to</C>), без страниц: все подходящие заказы, новые сверху. Файл CSV в UTF-8
        с BOM, разделитель <C>;</C>, десятичная запятая (<C>1050,30</C>) — так его открывает Excel и загружает
        1С. Текстовые ячейки — в двойных кавычках (RFC 4180), числа — без них; перед текстом, который таблица
        приняла бы за формулу (<C>=</C>, <C>+</C>, <C>-</C>, <C>@</C> в начале ячейки или после запятой и{' '}
        <C>;</C>), стоит апостроф. Отдаётся потоком, память сервера не растёт с числом заказов. Та же выгрузка
        — кнопка «Выгрузить CSV» в списке заказов кабинета.
      </p>
      <ParamTable
        caption="Колонки выгрузки"
        columns={['№', 'Колонка']}
        rows={EXPORT_COLUMNS.map((column, i) => ({ name: String(i + 1), description: column }))}
      />
    </>
  );
}

/** The orders module as the rest of the API uses it. */
export { EXPORT_BATCH } from './export.service';
export { runIdempotent, type StoredResponse, validateIdempotencyKey } from './idempotency';
export { recordOrderEvent } from './order-events';
export { orderLink, toClientView, toPayoutView } from './order-view';
export {
  attachClient,
  type ClientRow,
  findOrder,
  findOrderDetails,
  insertHistoryNote,
  markReminderSent,
  type OrderRow,
  recordPayout,
} from './orders.repository';
export { type OrderUseCases, ordersRoutes } from './orders.routes';
export { getOrder, loadView, purgeOldIdempotencyKeys } from './orders.service';
export { addRefunded, confirmRefundAtBank, findRefund, insertRefund } from './refunds.repository';
export { checkRefundProducts, toRefundView } from './refunds.service';
export { transition } from './transitions';

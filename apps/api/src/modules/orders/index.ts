/** The orders module as the rest of the API uses it. */
export { EXPORT_BATCH } from './export.service';
export { recordOrderEvent } from './order-events';
export { orderLink, toClientView, toPayoutView } from './order-view';
export {
  attachClient,
  type ClientRow,
  findOrder,
  markReminderSent,
  type OrderRow,
  recordPayout,
} from './orders.repository';
export { ordersRoutes } from './orders.routes';
export { getOrder, purgeOldIdempotencyKeys } from './orders.service';
export { transition } from './transitions';

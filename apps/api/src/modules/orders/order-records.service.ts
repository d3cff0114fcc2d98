/**
 * Orders as the other modules read them, inside their own transaction (a bank's decision, the buyer's
 * application, the deadline sweep). Apart from orders.service.ts because that one uses the clients
 * module, which reads orders through this file: one service file each way keeps the imports acyclic.
 */

export { orderLink, toClientView, toPayoutView } from './order-view';
export type { ClientRow, OrderRow } from './orders.repository';
export { findOrder } from './orders.repository';

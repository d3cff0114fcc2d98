import type { BankApplication } from '@b2bpay/domain';
import type { Queryable } from '../db/database';
import {
  type ApplicationRow,
  findApplication,
  listApplicationOffers,
  toBankApplicationView,
} from '../modules/banks';
import { findOrder, type OrderRow } from '../modules/orders';
import { APPLICATION_NOT_FOUND, notFound } from '../shared/errors';
import { isUuid } from '../shared/uuid';

/** The application as its bank reads it, with its order's number and amount and its offers. */
export async function viewOf(
  db: Queryable,
  order: OrderRow,
  application: ApplicationRow,
): Promise<BankApplication> {
  return toBankApplicationView(
    application,
    { id: order.id, number: String(order.order_number), amountKopecks: order.amount_kopecks },
    await listApplicationOffers(db, application.id),
  );
}

/** The application as it is now (after a write in the same transaction). */
export async function applicationView(
  tx: Queryable,
  order: OrderRow,
  applicationId: string,
): Promise<BankApplication> {
  const application = await findApplication(tx, applicationId);
  if (!application) throw notFound(APPLICATION_NOT_FOUND);
  return viewOf(tx, order, application);
}

/** A bank reads one of its applications: no locks; another bank's is 404, as an unknown one. */
export async function readBankApplication(db: Queryable, bankId: string, applicationId: string) {
  const application = isUuid(applicationId) ? await findApplication(db, applicationId) : null;
  const order = application?.bank === bankId ? await findOrder(db, application.order_id) : null;
  if (!application || !order) throw notFound(APPLICATION_NOT_FOUND);
  return viewOf(db, order, application);
}

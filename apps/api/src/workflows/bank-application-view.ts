import type { BankApplication } from '@b2bpay/domain';
import type { Queryable } from '../db/database';
import { findApplication, listApplicationOffers, toBankApplicationView } from '../modules/banks';
import type { OrderRow } from '../modules/orders';
import { notFound } from '../shared/errors';

/** The application as its bank reads it, with its order's number and amount. */
export async function applicationView(
  tx: Queryable,
  order: OrderRow,
  applicationId: string,
): Promise<BankApplication> {
  const application = await findApplication(tx, applicationId);
  if (!application) throw notFound('Заявка не найдена');
  const offers = await listApplicationOffers(tx, applicationId);
  return toBankApplicationView(
    application,
    { id: order.id, number: String(order.order_number), amountKopecks: order.amount_kopecks },
    offers,
  );
}

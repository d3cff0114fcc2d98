import type { AppDeps } from '../deps';
import { agreedAmount, bankContext, partnerBanks } from '../modules/banks';
import { findClient } from '../modules/clients';
import { findOrder } from '../modules/orders';

/** Job 'bank.submit': hands the order's application, with the buyer's details, to each partner bank. */
export async function sendApplicationToBanks(deps: AppDeps, orderId: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const order = await findOrder(tx, orderId);
    if (!order || order.client_id === null) return;
    const client = await findClient(tx, order.client_id);
    if (!client) return;
    const application = {
      orderId,
      orderNumber: String(order.order_number),
      // Exactly what the buyer agreed to in the consent (the order cannot change after step 2 anyway).
      amountKopecks: (await agreedAmount(tx, orderId)) ?? order.amount_kopecks,
      inn: client.inn ?? '',
      organizationName: client.organization_name ?? '',
      email: client.email ?? '',
      phone: client.phone_number ?? '',
    };
    const now = deps.clock.now();
    for (const bank of partnerBanks(deps)) await bank.submit(application, bankContext(tx, now));
  });
}

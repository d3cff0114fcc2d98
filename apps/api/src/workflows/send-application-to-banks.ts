import { kopecksToRubles } from '@b2bpay/domain';
import type { AppDeps } from '../deps';
import { agreedAmount, listOrderApplications, queueBankMessage, transferConsent } from '../modules/banks';
import { findOrderDetails } from '../modules/orders';
import { findShopName } from '../modules/shops';

/**
 * Job 'bank.submit': each bank still waiting on the order gets `application.created` with the buyer's
 * details and consent (DESIGN §13), as a signed message of its own.
 */
export async function sendApplicationToBanks(deps: AppDeps, orderId: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const details = await findOrderDetails(tx, orderId);
    if (!details?.client) return;
    const { order, products, client } = details;
    // Exactly what the buyer agreed to in the consent (the order cannot change after step 2 anyway).
    const amountKopecks = (await agreedAmount(tx, orderId)) ?? order.amount_kopecks;
    const consent = await transferConsent(tx, orderId);
    const now = deps.clock.now();
    const common = {
      order: {
        id: order.id,
        number: String(order.order_number),
        amount: kopecksToRubles(amountKopecks),
        items: products.map((p) => ({
          name: p.name,
          price: kopecksToRubles(p.price_kopecks),
          quantity: p.quantity,
        })),
      },
      buyer: {
        inn: client.inn ?? '',
        organization_name: client.organization_name ?? '',
        surname: client.surname ?? '',
        name: client.name ?? '',
        middlename: client.middlename ?? '',
        phone: client.phone_number ?? '',
        email: client.email ?? '',
      },
      consent: { given_at: (consent?.given_at ?? now).toISOString(), ip: consent?.ip ?? null },
      shop: { id: order.shop_id, name: await findShopName(tx, order.shop_id) },
      // A test order reaches sandbox banks only; the flag lets a sandbox tell the two apart anyway.
      livemode: order.livemode,
    };
    for (const a of await listOrderApplications(tx, orderId)) {
      if (a.status !== 'pending') continue;
      const data = { application_id: a.id, ...common, respond_by: (a.respond_by ?? now).toISOString() };
      await queueBankMessage(
        tx,
        { bank: a.bank, applicationId: a.id, type: 'application.created', data },
        now,
      );
    }
  });
}

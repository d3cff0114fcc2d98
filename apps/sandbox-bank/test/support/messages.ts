/** B2BPay's messages to a bank, as protocol.md describes them (only the fields a test sets vary). */

export function applicationCreated(fields: {
  applicationId: string;
  orderId: string;
  amount: number;
  email: string;
  at: Date;
}): object {
  return {
    type: 'application.created',
    timestamp: fields.at.toISOString(),
    data: {
      application_id: fields.applicationId,
      order: {
        id: fields.orderId,
        number: '1001',
        amount: fields.amount,
        items: [{ name: 'Стеллаж складской', price: fields.amount, quantity: 1 }],
      },
      buyer: {
        inn: '7707083893',
        organization_name: 'ООО «Ромашка»',
        surname: 'Иванов',
        name: 'Иван',
        middlename: 'Иванович',
        phone: '+79161234567',
        email: fields.email,
      },
      consent: { given_at: fields.at.toISOString(), ip: '203.0.113.7' },
      shop: { id: 'shop-1', name: 'Склад-Маркет' },
      respond_by: new Date(fields.at.getTime() + 86_400_000).toISOString(),
    },
  };
}

export function applicationWithdrawn(applicationId: string, at: Date): object {
  return {
    type: 'application.withdrawn',
    timestamp: at.toISOString(),
    data: { application_id: applicationId, reason: 'order_cancelled' },
  };
}

export function offerAccepted(applicationId: string, offerId: string, at: Date): object {
  return {
    type: 'offer.accepted',
    timestamp: at.toISOString(),
    data: { application_id: applicationId, offer_id: offerId, accepted_at: at.toISOString() },
  };
}

export function refundCreated(applicationId: string, refundId: string, amount: number, at: Date): object {
  return {
    type: 'refund.created',
    timestamp: at.toISOString(),
    data: { application_id: applicationId, refund_id: refundId, amount },
  };
}

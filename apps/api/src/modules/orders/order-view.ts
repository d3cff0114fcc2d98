import {
  type AcceptedOffer,
  type Client,
  kopecksToRubles,
  maskEmail,
  maskPhone,
  type Offer,
  type Order,
  type OrderStatus,
  type Payout,
} from '@b2bpay/domain';
import type { ClientRow, OfferViewRow, OrderRow, ProductRow } from './orders.repository';

export interface ViewOptions {
  publicUrl: string;
  /** The shop that owns the order reads it with its own key: nothing is hidden. */
  owner: boolean;
}

export const orderLink = (publicUrl: string, orderId: string) => `${publicUrl}/client/${orderId}`;

export function toClientView(c: ClientRow, masked = false): Client {
  return {
    id: c.id,
    email: masked && c.email ? maskEmail(c.email) : c.email,
    phone_number: masked && c.phone_number ? maskPhone(c.phone_number) : c.phone_number,
    name: c.name,
    surname: c.surname,
    middlename: c.middlename,
    inn: c.inn,
    organization_name: c.organization_name,
    created_at: c.created_at.toISOString(),
    updated_at: c.updated_at.toISOString(),
    email_confirmed: c.email_confirmed,
    sms_confirmed: c.sms_confirmed,
  };
}

/**
 * The wire Order. The public link view masks the buyer's phone and e-mail once the application has
 * been submitted (DESIGN §3): the link may be forwarded, the contacts should not travel with it.
 */
export function toOrderView(
  o: OrderRow,
  products: ProductRow[],
  client: ClientRow | null,
  opts: ViewOptions,
): Order {
  const masked = !opts.owner && o.status !== 'client_expected';
  const view: Order = {
    id: o.id,
    shop_id: o.shop_id,
    order_number: String(o.order_number),
    // transitions.ts writes only the statuses of packages/domain/src/statuses.ts.
    status: o.status as OrderStatus,
    version: o.version,
    link: orderLink(opts.publicUrl, o.id),
    amount: kopecksToRubles(o.amount_kopecks),
    products: products.map((p) => ({
      id: p.id,
      name: p.name,
      price: kopecksToRubles(p.price_kopecks),
      quantity: p.quantity,
    })),
    client: client ? toClientView(client, masked) : null,
    created_at: o.created_at.toISOString(),
    updated_at: o.updated_at.toISOString(),
    livemode: o.livemode,
    // Public: the buyer's pages link them («Вернуться в магазин»).
    return_url: o.return_url,
    cancel_url: o.cancel_url,
    // Public: the buyer's page says what is left to pay the bank after the shop's returns.
    refunded_amount: kopecksToRubles(o.refunded_kopecks),
  };
  if (opts.owner) Object.assign(view, ownerFields(o));
  return view;
}

/** The payout of a paid order (DESIGN §11), null before the bank has paid. */
export function toPayoutView(o: OrderRow): Payout | null {
  if (o.payout_bank === null || o.paid_at === null) return null;
  return {
    bank: o.payout_bank,
    amount: kopecksToRubles(o.payout_kopecks ?? 0),
    fee: kopecksToRubles(o.payout_fee_kopecks ?? 0),
    reference: o.payout_reference ?? '',
    paid_at: o.paid_at.toISOString(),
  };
}

/** What only the owning shop sees, in every owner view and every webhook. */
export function ownerFields(o: OrderRow) {
  return {
    webhook_url: o.webhook_url,
    external_id: o.external_id,
    metadata: o.metadata ?? {},
    payout: toPayoutView(o),
  };
}

/**
 * The banks' offers as the order shows them (DESIGN §13): while it is approved and nothing is signed,
 * each offer of an approving bank still valid; once signed, the signed one as `accepted_offer`. The
 * fee is the buyer's: the shop's own fee stays in the payout (0 ₽).
 */
export function toOfferViews(
  o: OrderRow,
  rows: readonly OfferViewRow[],
  now: Date,
): { offers: Offer[]; accepted_offer: AcceptedOffer | null } {
  const view = (r: OfferViewRow): Offer => {
    const fee = Number(r.fee_kopecks);
    return {
      id: r.id,
      bank: r.bank,
      bank_name: r.bank_name ?? r.bank,
      kind: r.kind,
      term_days: r.term_days,
      term_months: r.term_months,
      fee: kopecksToRubles(fee),
      total: kopecksToRubles(o.amount_kopecks + fee),
      monthly_payment:
        r.monthly_payment_kopecks === null ? null : kopecksToRubles(Number(r.monthly_payment_kopecks)),
      valid_until: new Date(r.valid_until).toISOString(),
    };
  };
  const signed = rows.find((r) => r.accepted_at !== null);
  if (signed?.accepted_at) {
    return {
      offers: [],
      accepted_offer: { ...view(signed), accepted_at: new Date(signed.accepted_at).toISOString() },
    };
  }
  if (o.status !== 'app_approved') return { offers: [], accepted_offer: null };
  const open = rows.filter(
    (r) => r.application_status === 'approved' && new Date(r.valid_until).getTime() > now.getTime(),
  );
  return { offers: open.map(view), accepted_offer: null };
}

import type { OfferKind } from '@b2bpay/domain';
import { type Queryable, toNumber } from '../../db/database';

export interface OfferRow {
  id: string;
  application_id: string;
  order_id: string;
  bank: string;
  bank_offer_id: string;
  kind: OfferKind;
  term_days: number | null;
  term_months: number | null;
  fee_kopecks: number;
  monthly_payment_kopecks: number | null;
  valid_until: Date;
  created_at: Date;
}

const COLUMNS = `id, application_id, order_id, bank, bank_offer_id, kind, term_days, term_months, fee_kopecks,
  monthly_payment_kopecks, valid_until, created_at`;

const mapOffer = (r: OfferRow): OfferRow => ({
  ...r,
  fee_kopecks: toNumber(r.fee_kopecks),
  monthly_payment_kopecks: r.monthly_payment_kopecks === null ? null : toNumber(r.monthly_payment_kopecks),
});

export async function insertOffer(tx: Queryable, o: Omit<OfferRow, 'created_at'>, now: Date) {
  await tx.query(
    `INSERT INTO bank_offers (id, application_id, order_id, bank, bank_offer_id, kind, term_days, term_months,
       fee_kopecks, monthly_payment_kopecks, valid_until, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
    [
      o.id,
      o.application_id,
      o.order_id,
      o.bank,
      o.bank_offer_id,
      o.kind,
      o.term_days,
      o.term_months,
      o.fee_kopecks,
      o.monthly_payment_kopecks,
      o.valid_until,
      now,
    ],
  );
}

export async function listApplicationOffers(db: Queryable, applicationId: string): Promise<OfferRow[]> {
  const rows = await db.query<OfferRow>(
    `SELECT ${COLUMNS} FROM bank_offers WHERE application_id = $1 ORDER BY created_at, bank_offer_id`,
    [applicationId],
  );
  return rows.map(mapOffer);
}

export async function listOrderOffers(db: Queryable, orderId: string): Promise<OfferRow[]> {
  const rows = await db.query<OfferRow>(
    `SELECT ${COLUMNS} FROM bank_offers WHERE order_id = $1 ORDER BY created_at, bank, bank_offer_id`,
    [orderId],
  );
  return rows.map(mapOffer);
}

export async function findOffer(db: Queryable, id: string): Promise<OfferRow | null> {
  const rows = await db.query<OfferRow>(`SELECT ${COLUMNS} FROM bank_offers WHERE id = $1`, [id]);
  return rows[0] ? mapOffer(rows[0]) : null;
}

export interface SignatureRow {
  order_id: string;
  offer_id: string;
  client_id: number;
  phone: string;
  code_hash: string;
  signed_at: Date;
  ip: string | null;
  user_agent: string | null;
  offer_text: string;
}

/** The buyer's signature; false when the order already has one (the first accepted offer wins). */
export async function insertSignature(tx: Queryable, s: SignatureRow): Promise<boolean> {
  const rows = await tx.query(
    `INSERT INTO offer_signatures (order_id, offer_id, client_id, phone, code_hash, signed_at, ip, user_agent, offer_text)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (order_id) DO NOTHING RETURNING order_id`,
    [
      s.order_id,
      s.offer_id,
      s.client_id,
      s.phone,
      s.code_hash,
      s.signed_at,
      s.ip,
      s.user_agent,
      s.offer_text,
    ],
  );
  return rows.length === 1;
}

export async function findSignature(db: Queryable, orderId: string): Promise<SignatureRow | null> {
  const rows = await db.query<SignatureRow>(
    `SELECT order_id, offer_id, client_id, phone, code_hash, signed_at, ip, user_agent, offer_text
       FROM offer_signatures WHERE order_id = $1`,
    [orderId],
  );
  const row = rows[0];
  return row ? { ...row, client_id: toNumber(row.client_id) } : null;
}

import type { LeadStatus } from '@b2bpay/domain';
import { type Queryable, toNumber } from '../../db/database';

export interface NewEnquiry {
  name: string;
  phone: string;
  ip: string | null;
  userAgent: string | null;
  createdAt: Date;
}

export async function insertEnquiry(db: Queryable, enquiry: NewEnquiry): Promise<number> {
  const rows = await db.query<{ id: unknown }>(
    `INSERT INTO enquiries (name, phone, ip, user_agent, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $5)
     RETURNING id`,
    [enquiry.name, enquiry.phone, enquiry.ip, enquiry.userAgent, enquiry.createdAt],
  );
  return toNumber(rows[0]?.id);
}

export interface LeadNoteRow {
  text: string;
  author: string;
  created_at: string;
}

export interface LeadRow {
  id: number;
  name: string;
  phone: string;
  status: LeadStatus;
  owner_email: string | null;
  notes: LeadNoteRow[];
  shop_id: string | null;
  created_at: Date;
  updated_at: Date | null;
}

const COLUMNS = 'id, name, phone, status, owner_email, notes, shop_id, created_at, updated_at';
const mapLead = (r: LeadRow): LeadRow => ({
  ...r,
  id: toNumber(r.id),
  notes: typeof r.notes === 'string' ? JSON.parse(r.notes) : r.notes,
});

/** The leads, newest first (at most 500: the list of a sales team, not an archive). */
export async function listLeads(db: Queryable, status: LeadStatus | undefined): Promise<LeadRow[]> {
  const rows = await db.query<LeadRow>(
    `SELECT ${COLUMNS} FROM enquiries WHERE ($1::text IS NULL OR status = $1) ORDER BY created_at DESC, id DESC LIMIT 500`,
    [status ?? null],
  );
  return rows.map(mapLead);
}

export async function findLead(db: Queryable, id: number, opts: { forUpdate?: boolean } = {}) {
  const rows = await db.query<LeadRow>(
    `SELECT ${COLUMNS} FROM enquiries WHERE id = $1${opts.forUpdate ? ' FOR UPDATE' : ''}`,
    [id],
  );
  return rows[0] ? mapLead(rows[0]) : null;
}

export async function updateLead(
  tx: Queryable,
  id: number,
  l: { status: LeadStatus; owner_email: string | null; notes: LeadNoteRow[]; shop_id: string | null },
  now: Date,
) {
  const rows = await tx.query<LeadRow>(
    `UPDATE enquiries SET status = $2, owner_email = $3, notes = $4, shop_id = $5, updated_at = $6
      WHERE id = $1 RETURNING ${COLUMNS}`,
    [id, l.status, l.owner_email, JSON.stringify(l.notes), l.shop_id, now],
  );
  return rows[0] ? mapLead(rows[0]) : null;
}

import { CLIENT_COLUMNS, type ClientRow, mapClient } from '../../db/client-row';
import type { Queryable } from '../../db/database';
import { toNumber } from '../../db/database';

export type ClientFields = Partial<
  Pick<
    ClientRow,
    'email' | 'phone_number' | 'name' | 'surname' | 'middlename' | 'full_name' | 'inn' | 'organization_name'
  > & { email_confirmed: boolean; sms_confirmed: boolean }
>;

const WRITABLE = [
  'email',
  'phone_number',
  'name',
  'surname',
  'middlename',
  'full_name',
  'inn',
  'organization_name',
  'email_confirmed',
  'sms_confirmed',
] as const;

export async function findClient(db: Queryable, id: number): Promise<ClientRow | null> {
  const rows = await db.query<ClientRow>(`SELECT ${CLIENT_COLUMNS} FROM clients WHERE id = $1`, [id]);
  return rows[0] ? mapClient(rows[0]) : null;
}

export async function insertClient(tx: Queryable, fields: ClientFields, now: Date): Promise<number> {
  const columns = WRITABLE.filter((c) => fields[c] !== undefined);
  const values = columns.map((c) => fields[c]);
  const placeholders = columns.map((_, i) => `$${i + 1}`);
  const rows = await tx.query<{ id: unknown }>(
    `INSERT INTO clients (${[...columns, 'created_at', 'updated_at'].join(', ')})
     VALUES (${[...placeholders, `$${columns.length + 1}`, `$${columns.length + 1}`].join(', ')}) RETURNING id`,
    [...values, now],
  );
  return toNumber(rows[0]?.id);
}

export async function updateClient(
  tx: Queryable,
  id: number,
  fields: ClientFields,
  now: Date,
): Promise<ClientRow> {
  const columns = WRITABLE.filter((c) => fields[c] !== undefined);
  const sets = columns.map((c, i) => `${c} = $${i + 2}`);
  sets.push(`updated_at = $${columns.length + 2}`);
  const rows = await tx.query<ClientRow>(
    `UPDATE clients SET ${sets.join(', ')} WHERE id = $1 RETURNING ${CLIENT_COLUMNS}`,
    [id, ...columns.map((c) => fields[c]), now],
  );
  const row = rows[0];
  if (!row) throw new Error(`client ${id} vanished during update`);
  return mapClient(row);
}

/**
 * One consent (152-FZ: time, IP, user agent, document version) with what the buyer agreed to: the
 * order's amount and version at that moment. The bank application is made for exactly this amount.
 */
export async function insertConsent(
  tx: Queryable,
  c: {
    orderId: string;
    clientId: number;
    kind: 'personal_data' | 'bank_transfer';
    documentVersion: string;
    amountKopecks: number;
    orderVersion: number;
    ip: string | null;
    userAgent: string | null;
    now: Date;
  },
) {
  await tx.query(
    `INSERT INTO consents (order_id, client_id, kind, document_version, amount_kopecks, order_version, ip, user_agent, given_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      c.orderId,
      c.clientId,
      c.kind,
      c.documentVersion,
      c.amountKopecks,
      c.orderVersion,
      c.ip,
      c.userAgent,
      c.now,
    ],
  );
}

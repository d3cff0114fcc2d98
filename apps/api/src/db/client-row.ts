import { toNumber } from './database';

/**
 * The clients table's row as the modules read it: the clients repository reads and writes it, and the
 * orders repository joins it into an order's details and the order list. It lives here, beside the
 * database, so that neither repository imports the other.
 */
export interface ClientRow {
  id: number;
  email: string | null;
  phone_number: string | null;
  name: string | null;
  surname: string | null;
  middlename: string | null;
  full_name: string | null;
  inn: string | null;
  organization_name: string | null;
  email_confirmed: boolean;
  sms_confirmed: boolean;
  created_at: Date;
  updated_at: Date;
}

/** The columns of a ClientRow, for SELECT lists and RETURNING. */
export const CLIENT_COLUMNS =
  'id, email, phone_number, name, surname, middlename, full_name, inn, organization_name, email_confirmed, sms_confirmed, created_at, updated_at';

/** A clients row as the drivers return it: bigint ids may arrive as strings. */
export function mapClient(row: ClientRow): ClientRow {
  return { ...row, id: toNumber(row.id) };
}

/** A clients row that came through row_to_json: timestamps arrive as ISO strings. */
export function mapJsonClient(c: Record<string, unknown>): ClientRow {
  const row = c as unknown as ClientRow;
  return {
    ...row,
    id: toNumber(c.id),
    created_at: new Date(c.created_at as string),
    updated_at: new Date(c.updated_at as string),
  };
}

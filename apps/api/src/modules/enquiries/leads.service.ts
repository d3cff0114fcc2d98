import {
  LEAD_STATUS_LABELS,
  LEAD_TRANSITIONS,
  type Lead,
  type LeadPatch,
  type LeadStatus,
  STAFF_MESSAGES,
} from '@b2bpay/domain';
import type { Queryable } from '../../db/database';
import { AppError, notFound } from '../../shared/errors';
import * as repo from './enquiries.repository';

export const toLeadView = (r: repo.LeadRow): Lead => ({
  id: r.id,
  name: r.name,
  phone: r.phone,
  status: r.status,
  owner: r.owner_email,
  notes: r.notes,
  shop_id: r.shop_id,
  created_at: r.created_at.toISOString(),
  updated_at: (r.updated_at ?? r.created_at).toISOString(),
});

export async function listLeads(db: Queryable, status: LeadStatus | undefined): Promise<Lead[]> {
  return (await repo.listLeads(db, status)).map(toLeadView);
}

function assertTransition(from: LeadStatus, to: LeadStatus) {
  if (from === to || LEAD_TRANSITIONS[from].includes(to)) return;
  const message = STAFF_MESSAGES.leadTransition
    .replace('{from}', LEAD_STATUS_LABELS[from])
    .replace('{to}', LEAD_STATUS_LABELS[to]);
  throw new AppError('LEAD_STATUS_CONFLICT', message, { field: 'status' });
}

/**
 * A lead moved on (new → in_progress → won | lost), taken by someone, annotated; `shopId` records the
 * shop made from it. Returns the lead before and after, for the staff audit.
 */
export async function changeLead(
  tx: Queryable,
  id: number,
  patch: LeadPatch & { shopId?: string },
  author: string,
  now: Date,
): Promise<{ before: Lead; after: Lead }> {
  const lead = await repo.findLead(tx, id, { forUpdate: true });
  if (!lead) throw notFound(STAFF_MESSAGES.leadNotFound);
  const status = patch.status ?? lead.status;
  assertTransition(lead.status, status);
  const notes = patch.note
    ? [...lead.notes, { text: patch.note, author, created_at: now.toISOString() }]
    : lead.notes;
  const updated = await repo.updateLead(
    tx,
    id,
    {
      status,
      owner_email: patch.owner === undefined ? lead.owner_email : patch.owner,
      notes,
      shop_id: patch.shopId ?? lead.shop_id,
    },
    now,
  );
  if (!updated) throw notFound(STAFF_MESSAGES.leadNotFound);
  return { before: toLeadView(lead), after: toLeadView(updated) };
}

import { LEAD_STATUS_LABELS, LEAD_TRANSITIONS, type LeadPatch, type LeadStatus } from '@b2bpay/domain';
import type { Lead } from '../admin-api';

/** The badge colours of a lead's status: the label on its tint, never colour alone. */
export const LEAD_STATUS_COLORS: Record<LeadStatus, string> = {
  new: '#1E90FF',
  in_progress: '#B45309',
  won: '#16a34a',
  lost: '#6B7280',
};

export function leadStatusLabel(status: LeadStatus): string {
  return LEAD_STATUS_LABELS[status];
}

/** The statuses a lead may go to next (the API refuses any other with 409). */
export function nextStatuses(status: LeadStatus): readonly LeadStatus[] {
  return LEAD_TRANSITIONS[status];
}

/**
 * «Взять в работу»: the lead is mine from now on; a new one also goes into work (new → in_progress),
 * which is what taking it means. Null when it is already mine and in work: nothing to take.
 */
export function takePatch(lead: Pick<Lead, 'status' | 'owner'>, me: string): LeadPatch | null {
  const moves = lead.status === 'new';
  if (lead.owner === me && !moves) return null;
  if (lead.status === 'won') return null;
  return moves ? { owner: me, status: 'in_progress' } : { owner: me };
}

/** Newest first, whatever order the list came in. */
export function newestFirst(leads: readonly Lead[]): Lead[] {
  return [...leads].sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id);
}

/** The lead in a list, after a change: the server's answer replaces the old copy. */
export function replaceLead(list: { items: Lead[] } | undefined, lead: Lead): { items: Lead[] } | undefined {
  if (!list) return list;
  return { items: list.items.map((item) => (item.id === lead.id ? lead : item)) };
}

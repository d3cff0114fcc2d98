import type { LeadStatus } from '@b2bpay/domain';
import { useQuery } from '@tanstack/react-query';
import { listLeads } from '../admin-api';
import { staffKeys } from '../staff-session';

export const leadsKey = (status: LeadStatus | undefined) => [...staffKeys.leads, status ?? 'all'] as const;

/** The landing's enquiries, all or of one status. */
export function useLeads(status: LeadStatus | undefined, enabled = true) {
  return useQuery({
    queryKey: leadsKey(status),
    queryFn: ({ signal }) => listLeads(status, signal),
    enabled,
  });
}

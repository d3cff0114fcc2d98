import type { LeadPatch } from '@b2bpay/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Lead, patchLead } from '../admin-api';
import { staffKeys } from '../staff-session';
import { replaceLead } from './lead-model';

/** One change of a lead (status, owner, a note); every cached list shows the server's answer at once. */
export function useLeadPatch(leadId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: LeadPatch) => patchLead(leadId, patch),
    onSuccess: (lead: Lead) => {
      queryClient.setQueriesData<{ items: Lead[] }>({ queryKey: staffKeys.leads }, (list) =>
        replaceLead(list, lead),
      );
      // A status filter's list may have gained or lost the lead.
      void queryClient.invalidateQueries({ queryKey: staffKeys.leads, refetchType: 'none' });
    },
  });
}

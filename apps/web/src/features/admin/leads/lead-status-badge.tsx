import type { LeadStatus } from '@b2bpay/domain';
import { StatusBadge } from '../../../shared/ui/status-badge';
import { LEAD_STATUS_COLORS, leadStatusLabel } from './lead-model';

export function LeadStatusBadge({ status }: { status: LeadStatus }) {
  return <StatusBadge label={leadStatusLabel(status)} color={LEAD_STATUS_COLORS[status]} />;
}

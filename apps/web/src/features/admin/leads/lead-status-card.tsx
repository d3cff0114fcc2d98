import type { LeadPatch } from '@b2bpay/domain';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import type { Lead } from '../admin-api';
import { failureText } from '../admin-ui';
import { leadStatusLabel, nextStatuses, takePatch } from './lead-model';
import { LeadStatusBadge } from './lead-status-badge';
import { useLeadPatch } from './use-lead-patch';

/**
 * The lead's status and owner: «Взять в работу» for a lead that is not mine yet, and one button per
 * status the lead may go to next (LEAD_TRANSITIONS). A refused move shows the server's words.
 */
export function LeadStatusCard({ lead, me }: { lead: Lead; me: string }) {
  const patch = useLeadPatch(lead.id);
  const take = takePatch(lead, me);
  // The spinner goes on the button that was pressed: the patch in flight is the one it sends.
  const busy = (sent: LeadPatch) =>
    patch.isPending && JSON.stringify(patch.variables) === JSON.stringify(sent);

  return (
    <Card title="Статус">
      <div className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center gap-3">
          <LeadStatusBadge status={lead.status} />
          <p className="text-[15px] break-all text-slate-700" data-testid="lead-owner">
            {lead.owner ? `Ведёт: ${lead.owner}` : 'Никто не ведёт'}
          </p>
        </div>
        {patch.isError && <Alert tone="error">{failureText(patch.error)}</Alert>}
        <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
          {take && (
            <Button
              loading={busy(take)}
              loadingText="Сохранение..."
              disabled={patch.isPending}
              onClick={() => patch.mutate(take)}
            >
              Взять в работу
            </Button>
          )}
          {nextStatuses(lead.status).map((status) => (
            <Button
              key={status}
              variant="secondary"
              loading={busy({ status })}
              loadingText="Сохранение..."
              disabled={patch.isPending}
              onClick={() => patch.mutate({ status })}
            >
              Перевести в «{leadStatusLabel(status)}»
            </Button>
          ))}
        </div>
      </div>
    </Card>
  );
}

import { formatDateTime } from '@b2bpay/domain';
import { useInfiniteQuery } from '@tanstack/react-query';
import { serverMessage } from '../../../shared/api/http';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { LoadingState } from '../../../shared/ui/spinner';
import { getAudit } from './team-api';
import { actionText, actorText, detailsText, teamKeys } from './team-model';

export const AUDIT_PAGE_SIZE = 20;

/** The shop's audit log, newest first, 20 at a time (owners and admins). */
export function AuditCard({ shopId }: { shopId: string }) {
  const audit = useInfiniteQuery({
    queryKey: teamKeys.audit(shopId),
    queryFn: ({ pageParam, signal }) =>
      getAudit(shopId, { limit: AUDIT_PAGE_SIZE, startingAfter: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.has_more ? last.items.at(-1)?.id : undefined),
  });
  const entries = audit.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Card title="Журнал действий" description="Кто, что и когда менял в магазине, и с какого адреса.">
      {audit.isPending ? (
        <LoadingState text="Загрузка журнала..." />
      ) : audit.isError ? (
        <Alert tone="error">{serverMessage(audit.error) ?? 'Не удалось загрузить журнал.'}</Alert>
      ) : entries.length === 0 ? (
        <p className="text-[15px] text-slate-600">Записей пока нет.</p>
      ) : (
        <>
          <ul className="flex flex-col divide-y divide-slate-200" aria-label="Записи журнала">
            {entries.map((entry) => {
              const details = detailsText(entry.details);
              return (
                <li key={entry.id} className="flex flex-col gap-0.5 py-3 first:pt-0 last:pb-0 text-[15px]">
                  <p className="font-medium text-slate-900">{actionText(entry)}</p>
                  {details && <p className="text-sm break-words text-slate-700">{details}</p>}
                  <p className="text-sm break-all text-slate-600 tabular-nums">
                    {formatDateTime(entry.created_at)} · {actorText(entry.actor)}
                    {entry.ip ? ` · ${entry.ip}` : ''}
                  </p>
                </li>
              );
            })}
          </ul>
          {audit.hasNextPage && (
            <Button
              variant="secondary"
              className="mt-4"
              loading={audit.isFetchingNextPage}
              loadingText="Загрузка..."
              onClick={() => void audit.fetchNextPage()}
            >
              Показать ещё
            </Button>
          )}
        </>
      )}
    </Card>
  );
}

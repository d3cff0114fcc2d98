import { formatDateTime, ROLE_LABELS } from '@b2bpay/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, Navigate } from 'react-router';
import { type CabinetSessionInfo, endSession, listSessions } from '../../shared/api/cabinet-api';
import { cabinetKeys, useCabinetMe } from '../../shared/auth/cabinet-session';
import { useLogout } from '../../shared/auth/use-logout';
import { usePageMeta } from '../../shared/meta/page-meta';
import { Alert } from '../../shared/ui/alert';
import { Button } from '../../shared/ui/button';
import { Card } from '../../shared/ui/card';
import { ChevronRightIcon } from '../../shared/ui/icons';
import { PageContainer } from '../../shared/ui/page-container';
import { PageHeader } from '../../shared/ui/page-header';
import { LoadingState } from '../../shared/ui/spinner';
import { failureText } from './cabinet-ui';

function SessionRow({ session }: { session: CabinetSessionInfo }) {
  const queryClient = useQueryClient();
  const end = useMutation({
    mutationFn: () => endSession(session.id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cabinetKeys.sessions }),
  });
  return (
    <li className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0 text-[15px]">
        <p className="break-words text-slate-900">
          {session.user_agent || 'Неизвестный браузер'}
          {session.current && <span className="ml-2 text-sm font-medium text-green-800">это устройство</span>}
        </p>
        <p className="text-sm text-slate-600 tabular-nums">
          Вход {formatDateTime(session.created_at)} · активность {formatDateTime(session.last_seen_at)}
          {session.ip ? ` · ${session.ip}` : ''}
        </p>
        {end.isError && <p className="text-sm text-red-700">{failureText(end.error)}</p>}
      </div>
      {!session.current && (
        <Button
          variant="secondary"
          loading={end.isPending}
          loadingText="Завершение..."
          onClick={() => end.mutate()}
          aria-label={`Завершить сеанс: ${session.user_agent || 'неизвестный браузер'}, вход ${formatDateTime(session.created_at)}`}
        >
          Завершить
        </Button>
      )}
    </li>
  );
}

function Sessions() {
  const sessions = useQuery({
    queryKey: cabinetKeys.sessions,
    queryFn: ({ signal }) => listSessions(signal),
  });
  return (
    <Card
      title="Сеансы"
      description="Где выполнен вход в ваш кабинет. Завершите сеанс, который вам незнаком."
    >
      {sessions.isPending ? (
        <LoadingState text="Загрузка сеансов..." />
      ) : sessions.isError ? (
        <Alert tone="error">{failureText(sessions.error)}</Alert>
      ) : (
        <ul className="flex flex-col divide-y divide-slate-200">
          {sessions.data.data.map((session) => (
            <SessionRow key={session.id} session={session} />
          ))}
        </ul>
      )}
    </Card>
  );
}

/** /cabinet: who is logged in, their shops (each opens its area) and their sessions. */
export default function CabinetHomePage() {
  usePageMeta({ title: 'Личный кабинет' });
  const me = useCabinetMe();
  const logout = useLogout();

  if (me.isPending) return <LoadingState text="Загрузка..." fillScreen />;
  if (me.isError) {
    return (
      <PageContainer narrow>
        <Alert tone="error">{failureText(me.error)}</Alert>
      </PageContainer>
    );
  }
  if (!me.data) return <Navigate to="/cabinet/login?next=%2Fcabinet" replace />;

  const { user, shops } = me.data;
  return (
    <PageContainer narrow>
      <PageHeader
        title="Личный кабинет"
        subtitle={`${user.name} · ${user.email}`}
        actions={
          <Button
            variant="secondary"
            loading={logout.isPending}
            loadingText="Выход..."
            onClick={() => logout.mutate()}
          >
            Выйти
          </Button>
        }
      />
      <div className="flex flex-col gap-6">
        <Card title="Ваши магазины">
          {shops.length === 0 ? (
            <p className="text-slate-700">Вы пока не состоите ни в одной команде магазина.</p>
          ) : (
            <ul className="flex flex-col gap-3">
              {shops.map((shop) => (
                <li key={shop.id}>
                  <Link
                    to={`/shops/${encodeURIComponent(shop.id)}`}
                    className="flex min-h-11 items-center justify-between gap-3 rounded-[var(--radius-control)] border border-slate-200 px-4 py-3 hover:border-brand-200 hover:bg-brand-50"
                  >
                    <span className="min-w-0">
                      <span className="block font-semibold break-words text-slate-900">{shop.name}</span>
                      <span className="text-sm text-slate-600">{ROLE_LABELS[shop.role]}</span>
                    </span>
                    <ChevronRightIcon className="shrink-0 text-slate-500" />
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </Card>
        <Sessions />
      </div>
    </PageContainer>
  );
}

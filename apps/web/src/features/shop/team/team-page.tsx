import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { ApiError, serverMessage } from '../../../shared/api/http';
import { NO_RIGHTS, useShopAccess } from '../../../shared/auth/shop-access';
import { usePageMeta } from '../../../shared/meta/page-meta';
import { Alert } from '../../../shared/ui/alert';
import { EmptyState } from '../../../shared/ui/empty-state';
import { PageContainer } from '../../../shared/ui/page-container';
import { PageHeader } from '../../../shared/ui/page-header';
import { LoadingState } from '../../../shared/ui/spinner';
import { shopPaths } from '../shared/shop-id';
import { AuditCard } from './audit-card';
import { InviteForm } from './invite-form';
import { MembersCard } from './members-card';
import { getTeam } from './team-api';
import { assignableRoles, teamKeys } from './team-model';

/**
 * «Команда» (DESIGN §12): members and their roles, open invitations, the invite form and the audit
 * log; each shown only to a role that may use it (the API refuses the rest with 403 anyway).
 */
export default function TeamPage() {
  const { shopId = '' } = useParams();
  const { user, role, can, isInitialized } = useShopAccess();
  usePageMeta({ title: 'Команда' });
  const team = useQuery({
    queryKey: teamKeys.team(shopId),
    queryFn: ({ signal }) => getTeam(shopId, signal),
    enabled: Boolean(user && shopId),
  });

  let body: ReactNode;
  if (!isInitialized) {
    body = <LoadingState text="Загрузка..." fillScreen />;
  } else if (!user) {
    body = (
      <EmptyState
        title="Команда видна после входа в личный кабинет."
        description={
          <>
            Ключ API не принадлежит человеку: чтобы приглашать сотрудников,{' '}
            <Link
              to={`/cabinet/login?next=${encodeURIComponent(shopPaths.team(shopId))}`}
              className="font-medium text-brand-700 underline underline-offset-4"
            >
              войдите по e-mail и паролю
            </Link>
            .
          </>
        }
      />
    );
  } else if (team.isPending) {
    body = <LoadingState text="Загрузка команды..." fillScreen />;
  } else if (team.isError) {
    body =
      team.error instanceof ApiError && team.error.status === 403 ? (
        <EmptyState
          title={NO_RIGHTS}
          description="Состав команды видят владелец и администраторы магазина."
        />
      ) : (
        <Alert tone="error">{serverMessage(team.error) ?? 'Не удалось загрузить команду.'}</Alert>
      );
  } else {
    body = (
      <div className="flex flex-col gap-6">
        {can('team.manage') && <InviteForm shopId={shopId} roles={assignableRoles(role)} />}
        <MembersCard shopId={shopId} team={team.data} />
        {can('audit.read') && <AuditCard shopId={shopId} />}
      </div>
    );
  }

  return (
    <PageContainer narrow>
      <PageHeader
        title="Команда"
        subtitle="Сотрудники магазина, их роли и журнал действий"
        backTo={shopPaths.home(shopId)}
      />
      {body}
    </PageContainer>
  );
}

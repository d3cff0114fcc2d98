import { staffCan } from '@b2bpay/domain';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { Alert } from '../../../shared/ui/alert';
import { EmptyState } from '../../../shared/ui/empty-state';
import { LoadingState } from '../../../shared/ui/spinner';
import { getShopCard } from '../admin-api';
import { moscowDateTime } from '../admin-format';
import { ADMIN_TEXTS } from '../admin-texts';
import { AdminPage, QueryFailure, useAdminMeta } from '../admin-ui';
import { staffKeys, useStaffUser } from '../staff-session';
import { FiguresCard, KeysCard, MembersCard, RecentOrdersCard, WebhooksCard } from './shop-sections';
import { SuspendAction } from './suspend-action';
import { SuspendedBadge } from './suspended-badge';

/**
 * A shop's card: 30-day figures, webhook health, members, keys with their last use, recent orders;
 * «Приостановить» / «Возобновить» for a role that may.
 */
export default function ShopPage() {
  const { shopId = '' } = useParams();
  const { role } = useStaffUser();
  const allowed = staffCan(role, 'shops.read');
  const shop = useQuery({
    queryKey: staffKeys.shop(shopId),
    queryFn: ({ signal }) => getShopCard(shopId, signal),
    enabled: allowed && shopId !== '',
  });
  useAdminMeta(shop.data ? `Магазин ${shop.data.name}` : 'Магазин');
  const back = { backTo: '/admin/shops', backLabel: 'Все магазины' };

  if (!allowed || shop.isPending || shop.isError) {
    return (
      <AdminPage title="Магазин" {...back}>
        {!allowed ? (
          <EmptyState title={ADMIN_TEXTS.forbidden} />
        ) : shop.isPending ? (
          <LoadingState text="Загрузка магазина..." />
        ) : (
          <QueryFailure error={shop.error} />
        )}
      </AdminPage>
    );
  }

  const card = shop.data;
  return (
    <AdminPage
      title={card.name}
      subtitle={
        <span className="flex flex-wrap items-center gap-2 break-words tabular-nums">
          {card.email} · ИНН {card.inn ?? 'не указан'}
          {card.suspended && <SuspendedBadge />}
        </span>
      }
      actions={staffCan(role, 'shops.suspend') ? <SuspendAction shop={card} /> : undefined}
      {...back}
    >
      <div className="flex flex-col gap-6">
        {card.suspension && (
          <Alert tone="warning">
            Приостановлен {moscowDateTime(card.suspension.at)}, {card.suspension.by}. Причина:{' '}
            {card.suspension.reason}
          </Alert>
        )}
        <FiguresCard figures={card.figures} />
        <div className="grid items-start gap-6 lg:grid-cols-2">
          <RecentOrdersCard orders={card.recent_orders} />
          <div className="flex flex-col gap-6">
            <WebhooksCard webhooks={card.webhooks} />
            <MembersCard members={card.members} />
            <KeysCard keys={card.keys} />
          </div>
        </div>
      </div>
    </AdminPage>
  );
}

import { formatPhone, staffCan } from '@b2bpay/domain';
import { type ReactNode, useState } from 'react';
import { Link, useParams } from 'react-router';
import { Card } from '../../../shared/ui/card';
import { EmptyState } from '../../../shared/ui/empty-state';
import { LoadingState } from '../../../shared/ui/spinner';
import type { Lead } from '../admin-api';
import { moscowDateTime } from '../admin-format';
import { ADMIN_TEXTS } from '../admin-texts';
import { AdminPage, linkClass, QueryFailure, useAdminMeta } from '../admin-ui';
import { ShopCreateForm } from '../shops/shop-create-form';
import { useStaffUser } from '../staff-session';
import { LeadNotes } from './lead-notes';
import { LeadStatusCard } from './lead-status-card';
import { useLeads } from './use-leads';

/** A won lead: its shop once created, or the creation form with the lead's name filled in. */
function WonLead({ lead }: { lead: Lead }) {
  const { role } = useStaffUser();
  // The form stays after it created the shop, to show where the invitation went.
  const [createdHere, setCreatedHere] = useState(false);
  if (lead.shop_id && !createdHere) {
    return (
      <Card title="Магазин">
        <p className="text-[15px] text-slate-700">
          Магазин по этому лиду создан.{' '}
          {staffCan(role, 'shops.read') && (
            <Link to={`/admin/shops/${lead.shop_id}`} className={linkClass}>
              Открыть карточку магазина
            </Link>
          )}
        </p>
      </Card>
    );
  }
  if (!staffCan(role, 'shops.create')) return null;
  return (
    <Card title="Создать магазин" description="Владелец получит приглашение в личный кабинет по e-mail.">
      <ShopCreateForm
        initialName={lead.name}
        leadId={lead.id}
        linkToShop={staffCan(role, 'shops.read')}
        onCreated={() => setCreatedHere(true)}
      />
    </Card>
  );
}

/**
 * One lead: contacts, status with the allowed moves and «Взять в работу», notes; a won one offers to
 * create its shop. The API has no single-lead read, so the page shows the lead from the list.
 */
export default function LeadPage() {
  const { leadId = '' } = useParams();
  const user = useStaffUser();
  const allowed = staffCan(user.role, 'leads.manage');
  const leads = useLeads(undefined, allowed);
  const lead = leads.data?.items.find((item) => String(item.id) === leadId);
  useAdminMeta(lead ? `Лид: ${lead.name}` : 'Лид');

  let body: ReactNode;
  if (!allowed) body = <EmptyState title={ADMIN_TEXTS.forbidden} />;
  else if (leads.isPending) body = <LoadingState text="Загрузка лида..." />;
  else if (leads.isError) body = <QueryFailure error={leads.error} />;
  else if (!lead) body = <EmptyState title="Лид не найден" />;
  else
    body = (
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_360px]">
        <div className="flex flex-col gap-6 lg:col-start-2 lg:row-start-1">
          <Card title="Контакты">
            <dl className="flex flex-col gap-3 text-[15px]">
              <div>
                <dt className="text-sm text-slate-600">Телефон</dt>
                <dd className="mt-0.5 font-medium tabular-nums">
                  <a href={`tel:${lead.phone}`} className={linkClass}>
                    {formatPhone(lead.phone)}
                  </a>
                </dd>
              </div>
              <div>
                <dt className="text-sm text-slate-600">Заявка оставлена</dt>
                <dd className="mt-0.5 font-medium text-slate-900 tabular-nums">
                  {moscowDateTime(lead.created_at)}
                </dd>
              </div>
            </dl>
          </Card>
          <LeadStatusCard lead={lead} me={user.email} />
        </div>
        <div className="flex min-w-0 flex-col gap-6 lg:col-start-1 lg:row-start-1">
          {lead.status === 'won' && <WonLead lead={lead} />}
          <LeadNotes lead={lead} />
        </div>
      </div>
    );

  return (
    <AdminPage title={lead?.name ?? 'Лид'} backTo="/admin/leads" backLabel="Все лиды">
      {body}
    </AdminPage>
  );
}

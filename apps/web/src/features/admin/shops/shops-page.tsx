import { staffCan } from '@b2bpay/domain';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { EmptyState } from '../../../shared/ui/empty-state';
import { SearchIcon } from '../../../shared/ui/icons';
import { Input } from '../../../shared/ui/input';
import { LoadingState } from '../../../shared/ui/spinner';
import { searchShops } from '../admin-api';
import { moscowDateTime } from '../admin-format';
import { AdminPage, QueryFailure, useAdminMeta } from '../admin-ui';
import { staffKeys, useStaffUser } from '../staff-session';
import { ShopCreateForm } from './shop-create-form';
import { SuspendedBadge } from './suspended-badge';

function ShopSearch() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [text, setText] = useState(q);
  const shops = useQuery({
    queryKey: [...staffKeys.shops, q],
    queryFn: ({ signal }) => searchShops(q, signal),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const next = text.trim();
    setParams(next ? { q: next } : {}, { replace: true });
  };

  let body: ReactNode;
  if (shops.isPending) body = <LoadingState text="Поиск магазинов..." />;
  else if (shops.isError) body = <QueryFailure error={shops.error} />;
  else if (shops.data.items.length === 0)
    body = <EmptyState title={q ? 'Ничего не найдено.' : 'Магазинов пока нет.'} />;
  else
    body = (
      <ul className="flex flex-col gap-3" aria-label="Магазины">
        {shops.data.items.map((shop) => (
          <li
            key={shop.id}
            data-testid={`shop-${shop.id}`}
            className="flex flex-col items-start gap-2 rounded-[var(--radius-card)] border border-slate-200 bg-white p-4 sm:flex-row sm:items-center sm:justify-between"
          >
            <div className="min-w-0">
              <Link
                to={`/admin/shops/${shop.id}`}
                className="text-base font-medium break-words text-brand-700 underline underline-offset-4"
              >
                {shop.name}
              </Link>
              <p className="mt-1 text-sm break-words text-slate-600 tabular-nums">
                {shop.email} · ИНН {shop.inn ?? 'не указан'} · с {moscowDateTime(shop.created_at)}
              </p>
            </div>
            {shop.suspended && <SuspendedBadge />}
          </li>
        ))}
      </ul>
    );

  return (
    <section aria-labelledby="shops-search-title" className="flex flex-col gap-4">
      <h2 id="shops-search-title" className="sr-only">
        Поиск магазинов
      </h2>
      <search>
        <form onSubmit={onSubmit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <Input
            label="Название, ИНН или e-mail"
            name="q"
            type="search"
            autoComplete="off"
            value={text}
            prefixIcon={<SearchIcon size={18} />}
            containerClassName="sm:w-96"
            onChange={(event) => setText(event.target.value)}
          />
          <Button type="submit" variant="secondary">
            Найти
          </Button>
        </form>
      </search>
      {body}
    </section>
  );
}

/**
 * «Магазины»: search by name, INN or e-mail, each opening its card; the creation form for a role
 * that may create shops (sales sees only the form: it may not read shops).
 */
export default function ShopsPage() {
  useAdminMeta('Магазины');
  const { role } = useStaffUser();
  const canRead = staffCan(role, 'shops.read');
  const canCreate = staffCan(role, 'shops.create');
  return (
    <AdminPage title="Магазины" subtitle={canRead ? 'Поиск, карточки магазинов и приостановка' : undefined}>
      <div className="flex flex-col gap-8">
        {canCreate && (
          <Card
            title="Создать магазин"
            description="Владелец получит приглашение в личный кабинет по e-mail."
          >
            <ShopCreateForm linkToShop={canRead} />
          </Card>
        )}
        {canRead && <ShopSearch />}
      </div>
    </AdminPage>
  );
}

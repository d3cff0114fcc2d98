import { formatRubles } from '@b2bpay/domain';
import { type FormEvent, useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { serverMessage } from '../../../shared/api/http';
import { NO_RIGHTS, useShopAccess } from '../../../shared/auth/shop-access';
import { usePageMeta } from '../../../shared/meta/page-meta';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { EmptyState } from '../../../shared/ui/empty-state';
import { PlusIcon, QrIcon } from '../../../shared/ui/icons';
import { PageContainer } from '../../../shared/ui/page-container';
import { PageHeader } from '../../../shared/ui/page-header';
import { type ShopNavState, shopPaths } from '../shared/shop-id';
import { breakableAtGroups } from './breakable-amount';
import { ItemRow } from './item-row';
import { formTotal, toProducts, validateItems } from './order-form';
import { AUTH_REQUIRED, AUTH_REQUIRED_TEXT, useCreateOrder } from './use-create-order';
import { useOrderItems } from './use-order-items';

export const CREATE_FAILED = 'Не удалось создать заказ. Попробуйте еще раз.';

/** The order's total and the button that creates it. */
function SubmitBar({ total, pending }: { total: number; pending: boolean }) {
  return (
    <div className="flex flex-col gap-4 rounded-[var(--radius-card)] border border-slate-200 bg-white p-4 sm:flex-row sm:items-center sm:justify-between sm:p-6">
      <p className="flex items-baseline justify-between gap-3 text-lg sm:justify-start">
        <span className="whitespace-nowrap text-slate-700">Сумма заказа:</span>
        {/* One line while it fits; a sum too long for a phone wraps between digit groups. */}
        <span
          className="min-w-0 text-right font-semibold text-slate-900 tabular-nums"
          data-testid="order-total"
        >
          {breakableAtGroups(formatRubles(total))}
        </span>
      </p>
      <Button
        type="submit"
        size="lg"
        loading={pending}
        loadingText="Создание заказа..."
        icon={<QrIcon size={20} />}
        className="w-full sm:w-auto"
      >
        Сгенерировать QR
      </Button>
    </div>
  );
}

/** New order screen (spec §2, §4 "Shop order form flow"). */
export default function NewOrderPage() {
  const { shopId } = useParams();
  const navigate = useNavigate();
  usePageMeta({ title: 'Новый заказ' });
  const { items, errors, setErrors, edit, showPrice, add, remove } = useOrderItems();
  const [failure, setFailure] = useState<string | null>(null);
  const create = useCreateOrder();
  const { can, isInitialized } = useShopAccess();
  // A submit made while the area still asks who is logged in waits for the answer instead of being
  // refused for want of a key: the page is shown (and can be filled) before that answer comes.
  const [held, setHeld] = useState(false);

  const send = async (id: string) => {
    try {
      const order = await create.mutateAsync({ shopId: id, products: toProducts(items) });
      const state: ShopNavState = { shopId: id, created: true };
      navigate(shopPaths.orderQr(order.id), { state });
    } catch (error) {
      const authMissing = error instanceof Error && error.message === AUTH_REQUIRED;
      setFailure(authMissing ? AUTH_REQUIRED_TEXT : (serverMessage(error) ?? CREATE_FAILED));
    }
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: fires once when the held submit may go
  useEffect(() => {
    if (!held || !isInitialized || !shopId) return;
    setHeld(false);
    void send(shopId);
  }, [held, isInitialized]);

  if (!can('orders.write')) {
    return (
      <PageContainer narrow>
        <PageHeader title="Новый заказ" backTo={shopId ? shopPaths.home(shopId) : undefined} />
        <EmptyState
          title={NO_RIGHTS}
          description="Создавать заказы могут владелец, администратор и менеджер магазина."
        />
      </PageContainer>
    );
  }

  if (!shopId) {
    return (
      <PageContainer narrow>
        <Alert tone="error">Shop ID is missing</Alert>
      </PageContainer>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending || held) return;
    setFailure(null);
    const check = validateItems(items);
    setErrors(check.errors);
    if (!check.valid) return;
    if (isInitialized) await send(shopId);
    else setHeld(true);
  };

  return (
    // Wider than the other narrow pages from lg up, so long product names have room.
    <PageContainer narrow className="lg:max-w-5xl">
      <PageHeader title="Новый заказ" backTo={shopPaths.home(shopId)} />
      <form noValidate onSubmit={submit} className="flex flex-col gap-6">
        <Card title="Товары и услуги">
          <ol className="flex flex-col">
            {items.map((item, index) => (
              <ItemRow
                key={item.key}
                item={item}
                index={index}
                errors={errors[index] ?? {}}
                removable={items.length > 1}
                onEdit={edit}
                onPriceBlur={showPrice}
                onRemove={remove}
              />
            ))}
          </ol>
          <Button
            variant="secondary"
            className="mt-2 w-full sm:w-auto"
            onClick={add}
            icon={<PlusIcon size={18} />}
          >
            Добавить товар
          </Button>
        </Card>

        {failure && <Alert tone="error">{failure}</Alert>}

        <SubmitBar total={formTotal(items)} pending={create.isPending || held} />
      </form>
    </PageContainer>
  );
}

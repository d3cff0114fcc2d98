import { formatRubles } from '@b2bpay/domain';
import { type FormEvent, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { serverMessage } from '../../../shared/api/http';
import { NO_RIGHTS, useShopAccess } from '../../../shared/auth/shop-access';
import { cn } from '../../../shared/lib/cn';
import { usePageMeta } from '../../../shared/meta/page-meta';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/card';
import { EmptyState } from '../../../shared/ui/empty-state';
import { PlusIcon, QrIcon, TrashIcon } from '../../../shared/ui/icons';
import { Input } from '../../../shared/ui/input';
import { PageContainer } from '../../../shared/ui/page-container';
import { PageHeader } from '../../../shared/ui/page-header';
import { type ShopNavState, shopPaths } from '../shared/shop-id';
import {
  clearFieldError,
  displayPrice,
  type FormItem,
  formTotal,
  type ItemField,
  itemLineTotal,
  newItem,
  type RowErrors,
  removeRow,
  toProducts,
  validateItems,
} from './order-form';
import { AUTH_REQUIRED, AUTH_REQUIRED_TEXT, useCreateOrder } from './use-create-order';

export const CREATE_FAILED = 'Не удалось создать заказ. Попробуйте еще раз.';

/** New order screen (spec §2, §4 "Shop order form flow"). */
export default function NewOrderPage() {
  const { shopId } = useParams();
  const navigate = useNavigate();
  usePageMeta({ title: 'Новый заказ' });
  const [items, setItems] = useState<FormItem[]>(() => [newItem()]);
  const [errors, setErrors] = useState<RowErrors[]>([{}]);
  const [failure, setFailure] = useState<string | null>(null);
  const create = useCreateOrder();
  const { can } = useShopAccess();

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

  const edit = (index: number, field: ItemField, value: string) => {
    setItems((list) => list.map((item, i) => (i === index ? { ...item, [field]: value } : item)));
    setErrors((list) => clearFieldError(list, index, field));
  };

  // Leaving a price field shows a valid price the ru-RU way ('1 234,50'); its error stays as it was.
  const showPrice = (index: number) => {
    setItems((list) =>
      list.map((item, i) => (i === index ? { ...item, price: displayPrice(item.price) } : item)),
    );
  };

  const add = () => {
    setItems((list) => [...list, newItem()]);
    setErrors((list) => [...list, {}]);
  };

  const remove = (index: number) => {
    setItems((list) => removeRow(list, index));
    setErrors((list) => removeRow(list, index));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    setFailure(null);
    const check = validateItems(items);
    setErrors(check.errors);
    if (!check.valid) return;
    try {
      const order = await create.mutateAsync({ shopId, products: toProducts(items) });
      const state: ShopNavState = { shopId, created: true };
      navigate(shopPaths.orderQr(order.id), { state });
    } catch (error) {
      const authMissing = error instanceof Error && error.message === AUTH_REQUIRED;
      setFailure(authMissing ? AUTH_REQUIRED_TEXT : (serverMessage(error) ?? CREATE_FAILED));
    }
  };

  return (
    // Wider than the other narrow pages from lg up, so long product names have room.
    <PageContainer narrow className="lg:max-w-5xl">
      <PageHeader title="Новый заказ" backTo={shopPaths.home(shopId)} />
      <form noValidate onSubmit={submit} className="flex flex-col gap-6">
        <Card title="Товары и услуги">
          <ol className="flex flex-col">
            {items.map((item, index) => {
              const rowErrors = errors[index] ?? {};
              const position = `${index + 1}`;
              const hideOnDesktop = index > 0 ? 'sm:sr-only' : undefined;
              return (
                <li
                  key={item.key}
                  className={cn(
                    'grid grid-cols-2 gap-x-3 gap-y-3 py-4 first:pt-0 sm:grid-cols-[minmax(0,1fr)_6.5rem_9rem_7.5rem_2.75rem] sm:items-start sm:py-3',
                    index > 0 && 'border-t border-slate-200 sm:border-t-0',
                  )}
                >
                  <Input
                    label="Наименование"
                    labelClassName={hideOnDesktop}
                    containerClassName="col-span-2 sm:col-span-1"
                    placeholder="Название товара"
                    autoComplete="off"
                    value={item.name}
                    error={rowErrors.name}
                    onChange={(e) => edit(index, 'name', e.target.value)}
                  />
                  <Input
                    label="Количество"
                    labelClassName={hideOnDesktop}
                    inputMode="numeric"
                    placeholder="Кол-во"
                    value={item.quantity}
                    error={rowErrors.quantity}
                    onChange={(e) => edit(index, 'quantity', e.target.value)}
                    className="tabular-nums"
                  />
                  <Input
                    label="Цена"
                    labelClassName={hideOnDesktop}
                    // Text, not type=number: Chromium's number field drops the comma of '350,10'
                    // (order-form.ts parses the Russian forms and refuses the rest).
                    inputMode="decimal"
                    autoComplete="off"
                    placeholder="Цена"
                    suffix="₽"
                    value={item.price}
                    error={rowErrors.price}
                    onChange={(e) => edit(index, 'price', e.target.value)}
                    onBlur={() => showPrice(index)}
                    className="tabular-nums"
                  />
                  <div className="flex items-center gap-2 sm:flex-col sm:items-end sm:gap-1.5">
                    <span className={cn('text-sm font-medium text-slate-700', hideOnDesktop)}>Сумма</span>
                    <output className="flex min-h-11 items-center font-medium text-slate-900 tabular-nums">
                      {formatRubles(itemLineTotal(item))}
                    </output>
                  </div>
                  <div className={cn('flex items-end justify-end', index === 0 && 'sm:pt-[1.875rem]')}>
                    {items.length > 1 && (
                      // px-0! because cn() joins classes without merging them: the md size's px-4 came
                      // later in the stylesheet and squeezed the 20 px glyph to 10 px.
                      <Button
                        variant="secondary"
                        className="size-11 shrink-0 px-0! text-slate-700 hover:border-red-300 hover:bg-red-50 hover:text-red-700"
                        aria-label={`Удалить товар ${position}`}
                        onClick={() => remove(index)}
                      >
                        <TrashIcon size={20} />
                      </Button>
                    )}
                  </div>
                </li>
              );
            })}
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

        <div className="flex flex-col gap-4 rounded-[var(--radius-card)] border border-slate-200 bg-white p-4 sm:flex-row sm:items-center sm:justify-between sm:p-6">
          <p className="flex items-baseline justify-between gap-3 text-lg sm:justify-start">
            <span className="whitespace-nowrap text-slate-700">Сумма заказа:</span>
            <span
              className="font-semibold whitespace-nowrap text-slate-900 tabular-nums"
              data-testid="order-total"
            >
              {formatRubles(formTotal(items))}
            </span>
          </p>
          <Button
            type="submit"
            size="lg"
            loading={create.isPending}
            loadingText="Создание заказа..."
            icon={<QrIcon size={20} />}
            className="w-full sm:w-auto"
          >
            Сгенерировать QR
          </Button>
        </div>
      </form>
    </PageContainer>
  );
}

import { formatRubles } from '@b2bpay/domain';
import { cn } from '../../../shared/lib/cn';
import { Button } from '../../../shared/ui/button';
import { TrashIcon } from '../../../shared/ui/icons';
import { Input } from '../../../shared/ui/input';
import { breakableAtGroups } from './breakable-amount';
import { type FormItem, type ItemField, itemLineTotal, type RowErrors } from './order-form';

export interface ItemRowProps {
  item: FormItem;
  index: number;
  errors: RowErrors;
  /** More than one row: each can be deleted. */
  removable: boolean;
  onEdit: (index: number, field: ItemField, value: string) => void;
  onPriceBlur: (index: number) => void;
  onRemove: (index: number) => void;
}

/**
 * One product of the new order: name, quantity, price, its line total and a delete button. From sm up
 * the rows form a table whose labels the first row shows (the others keep them for screen readers).
 * Limits (quantity, price) are refused here at the row by order-form.ts, in the API's figures.
 */
export function ItemRow({ item, index, errors, removable, onEdit, onPriceBlur, onRemove }: ItemRowProps) {
  const hideOnDesktop = index > 0 ? 'sm:sr-only' : undefined;
  return (
    <li
      className={cn(
        'grid grid-cols-2 gap-x-3 gap-y-3 py-4 first:pt-0 sm:grid-cols-[minmax(0,1fr)_6.5rem_9rem_minmax(7.5rem,max-content)_2.75rem] sm:items-start sm:py-3',
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
        error={errors.name}
        onChange={(e) => onEdit(index, 'name', e.target.value)}
      />
      <Input
        label="Количество"
        labelClassName={hideOnDesktop}
        inputMode="numeric"
        placeholder="Кол-во"
        value={item.quantity}
        error={errors.quantity}
        onChange={(e) => onEdit(index, 'quantity', e.target.value)}
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
        error={errors.price}
        onChange={(e) => onEdit(index, 'price', e.target.value)}
        onBlur={() => onPriceBlur(index)}
        className="tabular-nums"
      />
      {/* A long line total widens its column up to 11rem, taking room from the name, and past that
          wraps inside it, between digit groups first: it never runs into the price beside it. */}
      <div className="flex min-w-0 items-center gap-2 sm:max-w-44 sm:flex-col sm:items-end sm:gap-1.5">
        <span className={cn('text-sm font-medium text-slate-700', hideOnDesktop)}>Сумма</span>
        <output
          data-testid="line-total"
          className="flex min-h-11 min-w-0 items-center text-right font-medium text-slate-900 tabular-nums [overflow-wrap:anywhere]"
        >
          {breakableAtGroups(formatRubles(itemLineTotal(item)))}
        </output>
      </div>
      <div className={cn('flex items-end justify-end', index === 0 && 'sm:pt-[1.875rem]')}>
        {removable && (
          // px-0! because cn() joins classes without merging them: the md size's px-4 came
          // later in the stylesheet and squeezed the 20 px glyph to 10 px.
          <Button
            variant="secondary"
            className="size-11 shrink-0 px-0! text-slate-700 hover:border-red-300 hover:bg-red-50 hover:text-red-700"
            aria-label={`Удалить товар ${index + 1}`}
            onClick={() => onRemove(index)}
          >
            <TrashIcon size={20} />
          </Button>
        )}
      </div>
    </li>
  );
}

import { formatRubles, formatWholeNumber, type Order } from '@b2bpay/domain';
import { itemsTotal, lineTotal, toItemView } from './order-view';

/** An order's products, each with its line total, and 'Итого:' — the same on the order's and the QR page. */
export function OrderItems({ products }: { products: Order['products'] }) {
  const items = products.map(toItemView);
  return (
    <>
      {items.length === 0 ? (
        <p className="text-slate-600">Нет товаров в заказе.</p>
      ) : (
        <ul className="divide-y divide-slate-200">
          {items.map((item, index) => (
            <li
              key={products[index]?.id ?? index}
              className="flex items-start justify-between gap-4 py-3 first:pt-0"
            >
              <div className="min-w-0">
                <p className="font-medium break-words text-slate-900">{item.name || 'Товар без имени'}</p>
                <p className="mt-0.5 text-sm text-slate-600 tabular-nums">
                  {formatWholeNumber(item.quantity)} шт. × {formatRubles(item.price)}
                </p>
              </div>
              <p className="shrink-0 font-medium text-slate-900 tabular-nums">
                {formatRubles(lineTotal(item))}
              </p>
            </li>
          ))}
        </ul>
      )}
      <p className="mt-2 flex items-baseline justify-between gap-4 border-t border-slate-200 pt-4">
        <span className="font-medium text-slate-700">Итого:</span>
        <span className="text-lg font-semibold text-slate-900 tabular-nums">
          {formatRubles(itemsTotal(items))}
        </span>
      </p>
    </>
  );
}

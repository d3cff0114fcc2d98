import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { queryKeys } from '../../../shared/api/queries';
import { shopKeys } from '../shared/api/shop-queries';

/** After a cancel or a refund: the order, the list, its history and returns, and the statistics. */
export function useRefreshOrder(orderId: string) {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ['order', orderId] }),
      client.invalidateQueries({ queryKey: queryKeys.orders }),
      client.invalidateQueries({ queryKey: shopKeys.historyOf(orderId) }),
      client.invalidateQueries({ queryKey: shopKeys.refundsOf(orderId) }),
      client.invalidateQueries({ queryKey: shopKeys.stats }),
    ]);
}

/** The reason of a cancel or a refund (at most 500 characters, as the API takes it). */
export function ReasonField({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: string;
  onChange: (next: string) => void;
  error?: string | null;
}) {
  const id = useId();
  return (
    <div className="mt-3 flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <textarea
        id={id}
        value={value}
        maxLength={500}
        rows={3}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        className="block w-full rounded-[var(--radius-control)] border border-slate-300 px-3 py-2 text-[15px] focus:ring-2 focus:ring-brand-600/30 focus:outline-none"
      />
      {error && <p className="text-sm text-red-700">{error}</p>}
    </div>
  );
}

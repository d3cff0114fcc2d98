import type { Order } from '@b2bpay/domain';
import { useQueryClient } from '@tanstack/react-query';

/**
 * The order page's copy of the order, changed from what the page learns: the order a signature
 * answered with goes into every cached copy (with or without ?client_id=), or the order is read again.
 * The offers part gets these as callbacks: a lazy part that imported the query library itself would
 * make the bundler split shared code off the buyer's entry.
 */
export function useOrderCache(orderId: string) {
  const queryClient = useQueryClient();
  const queryKey = ['order', orderId];
  return {
    replace: async (order: Order) => {
      // A poll already on its way carries the order from before: it must not land after this one.
      await queryClient.cancelQueries({ queryKey });
      queryClient.setQueriesData<Order | null>({ queryKey }, order);
    },
    reload: () => void queryClient.invalidateQueries({ queryKey }),
  };
}

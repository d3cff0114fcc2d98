import type { Order, ProductCreate } from '@b2bpay/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createOrder } from '../../../shared/api/endpoints';
import { queryKeys } from '../../../shared/api/queries';
import { useShopAccess } from '../../../shared/auth/shop-access';

export const INVALID_ORDER_DATA = 'Invalid order data provided.';
export const AUTH_REQUIRED = 'Authentication required to add orders.';
/** What the screen says for AUTH_REQUIRED (spec §5 'Authentication required to add orders.', in Russian). */
export const AUTH_REQUIRED_TEXT =
  'Чтобы создать заказ, нужен ключ доступа магазина. Откройте кабинет по ссылке для входа из письма о подключении магазина.';

/**
 * Creates an order for the shop (spec §5 "Order creation"): refused without a shop id or products,
 * refused without a key or a session; afterwards the list starts again from page 1 and the new order is cached.
 */
export function useCreateOrder() {
  const { token, hasAccess } = useShopAccess();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      shopId,
      products,
    }: {
      shopId: string;
      products: ProductCreate[];
    }): Promise<Order> => {
      if (!shopId || products.length === 0) throw new Error(INVALID_ORDER_DATA);
      if (!hasAccess) throw new Error(AUTH_REQUIRED);
      return createOrder({ shop_id: shopId, products }, token);
    },
    onSuccess: async (order) => {
      queryClient.setQueryData(queryKeys.order(order.id, null), order);
      await queryClient.invalidateQueries({ queryKey: queryKeys.orders });
    },
  });
}

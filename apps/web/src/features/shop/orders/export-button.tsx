import { useState } from 'react';
import { serverMessage } from '../../../shared/api/http';
import { useShopAccess } from '../../../shared/auth/shop-access';
import { Button } from '../../../shared/ui/button';
import { useToast } from '../../../shared/ui/toast';
import { downloadOrdersCsv } from '../shared/api/shop-api';
import type { OrdersQueryState } from '../shared/orders-query';

/** The list's current filters as the export's query (the same names as the list's). */
export function exportFilters(state: OrdersQueryState) {
  return {
    status: state.statuses,
    order_id: state.search.trim() || undefined,
    date_from: state.startDate ?? undefined,
    date_to: state.endDate ?? undefined,
  };
}

/** «Выгрузить CSV»: the orders under the current filters, for accounting (DESIGN §11). */
export function ExportCsvButton({ state }: { state: OrdersQueryState }) {
  const { token, hasAccess, can } = useShopAccess();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  if (!can('orders.export')) return null;
  const run = async () => {
    setBusy(true);
    try {
      await downloadOrdersCsv(exportFilters(state), token);
    } catch (failure) {
      toast.show(serverMessage(failure) ?? 'Не удалось выгрузить заказы. Попробуйте ещё раз.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="secondary" onClick={run} loading={busy} loadingText="Выгружаем..." disabled={!hasAccess}>
      Выгрузить CSV
    </Button>
  );
}

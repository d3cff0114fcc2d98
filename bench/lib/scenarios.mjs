// The order-list filter combinations measured on the 1,000,000-order shop (pages 1 and 50 each).
// Dates are inside the data set's two years (bench/generate.mjs: DATA_NOW minus 730 days … minus 1 h).
export const LIST_FILTERS = [
  { name: 'none', query: {} },
  { name: 'status', query: { status: ['payment_sent'] } },
  { name: 'two statuses', query: { status: ['app_approved', 'app_rejected'] } },
  { name: 'number search', query: { order_id: '421' } },
  { name: 'date range (one month)', query: { date_from: '2026-03-01', date_to: '2026-03-31' } },
  {
    name: 'all together',
    query: {
      status: ['payment_sent', 'app_approved'],
      order_id: '1',
      date_from: '2026-03-01',
      date_to: '2026-03-31',
    },
  },
];

/** Not targets of the issue, measured so their cost is known. */
export const LIST_EXTRAS = [
  { name: 'number search, 1 digit', query: { order_id: '7' } },
  { name: 'date range (one year)', query: { date_from: '2025-06-01', date_to: '2026-05-31' } },
];

export const PAGES = [1, 50];

export function listPath(query, page) {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    for (const item of Array.isArray(v) ? v : [v]) p.append(k, item);
  }
  if (page !== 1) p.set('page', String(page));
  const qs = p.toString();
  return `/api/order/orders${qs ? `?${qs}` : ''}`;
}

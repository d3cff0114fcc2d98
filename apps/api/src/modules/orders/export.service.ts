import type { Readable } from 'node:stream';
import {
  bankName,
  EXPORT_COLUMNS,
  formatDateTime,
  getStatusInfo,
  kopecksToDecimalComma,
  type OrderExportQuery,
} from '@b2bpay/domain';
import type { AppDeps } from '../../deps';
import { type CsvValue, csvLine, csvNumber } from './csv';
import { leasedExport } from './export-lease';
import * as repo from './orders.repository';
import { listFilterOf } from './orders.service';

/** Rows read per round trip: big enough to be quick, small enough that memory stays flat. */
export const EXPORT_BATCH = 1000;
const BOM = '\uFEFF';
const SEPARATOR = ';';

const MOSCOW_DAY = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Moscow' });

/**
 * The export's file name, dated by the Moscow calendar day of `now`: «заказы-2026-11-27.csv», and
 * «orders-2026-11-27.csv» for clients that read only the ASCII `filename` (RFC 6266 with RFC 5987's
 * `filename*=UTF-8''…`, written by the content-disposition package).
 */
export function exportFileName(now: Date): { name: string; fallback: string } {
  const day = MOSCOW_DAY.format(now);
  return { name: `заказы-${day}.csv`, fallback: `orders-${day}.csv` };
}

const line = (cells: readonly CsvValue[]) => csvLine(cells, SEPARATOR);

function toLine(r: repo.ExportRow): string {
  const paid = r.payout_kopecks !== null;
  return line([
    csvNumber(r.order_number),
    r.external_id,
    formatDateTime(r.created_at, 'Europe/Moscow'),
    getStatusInfo(r.status).text,
    csvNumber(kopecksToDecimalComma(r.amount_kopecks)),
    csvNumber(kopecksToDecimalComma(r.refunded_kopecks)),
    r.organization_name,
    r.inn,
    r.payout_bank ? bankName(r.payout_bank) : null,
    paid ? csvNumber(kopecksToDecimalComma(r.payout_kopecks ?? 0)) : null,
    r.payout_reference,
  ]);
}

/**
 * The shop's orders under the list's filters as CSV for accounting (DESIGN §11): UTF-8 with a BOM
 * (Excel then reads it as UTF-8), `;` between cells and decimal commas (the ru-RU locale's list
 * separator and number format), one row per order, newest first; text cells quoted and defused
 * against formulas, numbers bare (`csv.ts`). A stream that reads the next batch
 * only when the previous one has been taken by the connection: memory stays flat for any shop size.
 * One export of a shop runs at a time (`leasedExport`: 429 while another streams).
 */
export function exportOrdersCsv(deps: AppDeps, shopId: string, query: OrderExportQuery): Promise<Readable> {
  const filter = listFilterOf(shopId, query);
  async function* lines() {
    yield BOM + line(EXPORT_COLUMNS);
    let after: { createdAt: Date; id: string } | null = null;
    for (;;) {
      const rows = await repo.exportBatch(deps.db, filter, after, EXPORT_BATCH);
      if (rows.length > 0) yield rows.map(toLine).join('');
      const last = rows.at(-1);
      if (!last || rows.length < EXPORT_BATCH) return;
      after = { createdAt: last.created_at, id: last.id };
    }
  }
  return leasedExport(deps, shopId, lines);
}

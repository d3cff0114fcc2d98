import { beforeAll, expect, it } from 'vitest';
import { patchClient } from './support/buyer';
import { describeApi } from './support/describe-api';
import { createOrder, errorOf, newShop } from './support/test-app';

/**
 * The order list's search `q`: part of the number with or without «№», the buyer's company and INN,
 * a product's name and the external_id, without regard to case (Russian too); the count is of the
 * matches; a bad `q` is a 400 naming it.
 */
describeApi('order list search', (t) => {
  let shop: Awaited<ReturnType<typeof newShop>>;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    shop = await newShop(t, 'Поиск заказов');
    const make = async (key: string, body: object) => {
      ids[key] = (await createOrder(t, body, shop.auth)).id;
    };
    const product = (name: string) => ({ products: [{ name, price: 1000, quantity: 1 }] });
    await make('chair', { ...product('Кресло офисное «Комфорт»'), external_id: 'BX-1001' }); // №1
    await make('table', product('Стол письменный')); // №2
    await make('paper', { ...product('Бумага А4'), external_id: 'bx-2002' }); // №3
    await make('lamp', product('Лампа настольная')); // №4
    await make('second', product('Ёлочная игрушка')); // №5
    const step1 = (id: string, organization_name: string, inn: string) =>
      patchClient(t, id, { surname: 'Петров', name: 'Пётр', inn, organization_name });
    expect((await step1(ids.table as string, 'ООО «Ромашка»', '7707083893')).statusCode).toBe(200);
    expect((await step1(ids.lamp as string, 'ПАО «Сбербанк России»', '7736207543')).statusCode).toBe(200);
    // Another shop's chair is not this shop's.
    const other = await newShop(t, 'Чужой поиск');
    await createOrder(t, product('Кресло'), other.auth);
  });

  const search = async (q: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/order/orders?q=${encodeURIComponent(q)}`,
      headers: shop.auth,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { items: { id: string }[]; count: number };
    expect(body.count, q).toBe(body.items.length);
    const found = new Set(body.items.map((o) => o.id));
    return Object.keys(ids).filter((key) => found.has(ids[key] as string));
  };

  it('finds a number with or without «№»', async () => {
    expect(await search('№4')).toEqual(['lamp']);
    expect(await search('№ 2')).toEqual(['table']);
    // Without «№» the digits are looked for everywhere: «Бумага А4» has a 4 too.
    expect(await search('4')).toEqual(['paper', 'lamp']);
  });

  it('finds a product by part of its name, in any case, ё as е', async () => {
    expect(await search('Кресло')).toEqual(['chair']);
    expect(await search('кресло')).toEqual(['chair']);
    expect(await search('КРЕСЛО ОФИС')).toEqual(['chair']);
    expect(await search('елочная')).toEqual(['second']);
    expect(await search('А4')).toEqual(['paper']);
  });

  it('finds the buyer by company and by INN', async () => {
    expect(await search('ромашка')).toEqual(['table']);
    expect(await search('СБЕРБАНК')).toEqual(['lamp']);
    expect(await search('7736207')).toEqual(['lamp']);
  });

  it('finds the external_id in any case', async () => {
    expect(await search('bx-1001')).toEqual(['chair']);
    expect(await search('BX-')).toEqual(['chair', 'paper']);
  });

  it('takes % and _ literally and finds nothing for text nobody has', async () => {
    expect(await search('%')).toEqual([]);
    expect(await search('_')).toEqual([]);
    expect(await search('Диван')).toEqual([]);
  });

  it('refuses too long a search with a 400 naming q', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/order/orders?q=${'к'.repeat(101)}`,
      headers: shop.auth,
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).field).toBe('q');
  });
});

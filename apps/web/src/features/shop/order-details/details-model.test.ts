// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { actorText, historyRows, personName } from './details-model';

describe('order details view model', () => {
  it('names who changed a status in Russian', () => {
    expect(actorText('shop')).toBe('Магазин');
    expect(actorText('buyer')).toBe('Покупатель');
    expect(actorText('system')).toBe('Система');
    expect(actorText('bank:sever')).toBe('Банк «Северный Кредит»');
    expect(actorText('bank:ural')).toBe('Банк «Уральский Деловой»');
    expect(actorText('bank:unknown')).toBe('Банк «unknown»');
    expect(actorText('robot')).toBe('robot');
  });

  it('lists the history newest first: who, what, when and why', () => {
    const rows = historyRows([
      {
        from_status: null,
        to_status: 'client_expected',
        actor: 'shop',
        reason: 'Заказ создан',
        created_at: '2026-11-22T10:00:00.000Z',
      },
      {
        from_status: 'client_expected',
        to_status: 'bank_info_expected',
        actor: 'buyer',
        reason: 'Покупатель отправил заявку',
        created_at: '2026-11-22T10:05:00.000Z',
      },
      {
        from_status: 'bank_info_expected',
        to_status: 'app_approved',
        actor: 'bank:volga',
        reason: null,
        created_at: '2026-11-22T10:05:00.000Z',
      },
    ]);
    expect(rows.map((r) => [r.title, r.actor, r.previous, r.reason])).toEqual([
      ['Банк одобрил заявку', 'Банк «Волга Финанс»', 'Банк проверяет информацию', null],
      ['Банк проверяет информацию', 'Покупатель', 'Ожидаем данные клиента', 'Покупатель отправил заявку'],
      ['Заказ создан', 'Магазин', null, 'Заказ создан'],
    ]);
  });

  it("joins the buyer's name, or says there is none", () => {
    expect(personName({ surname: 'Петров', name: 'Пётр', middlename: null })).toBe('Петров Пётр');
    expect(personName({ surname: null, name: null, middlename: null })).toBeNull();
  });
});

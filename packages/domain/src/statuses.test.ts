import { describe, expect, it } from 'vitest';
import {
  ALLOWED_TRANSITIONS,
  CONFIRMED_STATUSES,
  canTransition,
  getStatusInfo,
  isOrderStatus,
  ORDER_STATUSES,
  type OrderStatus,
  STATUS_INFO,
} from './statuses';

describe('ORDER_STATUSES', () => {
  it('lists the six statuses of the spec and the two of DESIGN §11 in order', () => {
    expect(ORDER_STATUSES).toEqual([
      'client_expected',
      'bank_info_expected',
      'app_approved',
      'app_rejected',
      'payment_sent',
      'client_info_overdue',
      'cancelled',
      'refunded',
    ]);
  });
});

describe('STATUS_INFO', () => {
  it.each([
    ['client_expected', 'Ожидаем данные клиента', '#808080', 'secondary'],
    ['bank_info_expected', 'Банк проверяет информацию', '#1E90FF', 'info'],
    ['app_approved', 'Банк одобрил заявку', '#32CD32', 'success'],
    ['app_rejected', 'Банк отклонил заявку', '#DC143C', 'error'],
    ['payment_sent', 'Оплачено', '#20B2AA', 'success'],
    ['client_info_overdue', 'Истёк срок заполнения', '#FFA500', 'warning'],
    ['cancelled', 'Заказ отменён', '#6B7280', 'secondary'],
    ['refunded', 'Возврат оформлен', '#7C3AED', 'info'],
  ] as const)('%s → %s, %s, %s', (code, text, color, badge) => {
    expect(STATUS_INFO[code]).toEqual({ code, text, color, badge });
  });

  it('covers every status and nothing else', () => {
    expect(Object.keys(STATUS_INFO).sort()).toEqual([...ORDER_STATUSES].sort());
  });

  it('keeps the letter ё in the overdue text (DESIGN §4 wording)', () => {
    expect(STATUS_INFO.client_info_overdue.text).toContain('ё');
  });
});

describe('getStatusInfo', () => {
  it('returns the table entry for a known status', () => {
    expect(getStatusInfo('payment_sent')).toBe(STATUS_INFO.payment_sent);
  });

  it('shows an unknown status as its raw text in grey with a secondary badge', () => {
    expect(getStatusInfo('disputed')).toEqual({
      code: 'disputed',
      text: 'disputed',
      color: '#808080',
      badge: 'secondary',
    });
  });

  it.each(['', 'toString', '__proto__', 'constructor', 'PAYMENT_SENT', ' payment_sent'])(
    'treats %j as unknown',
    (s) => {
      expect(getStatusInfo(s)).toEqual({ code: s, text: s, color: '#808080', badge: 'secondary' });
    },
  );
});

describe('isOrderStatus', () => {
  it.each(ORDER_STATUSES)('accepts %s', (s) => {
    expect(isOrderStatus(s)).toBe(true);
  });

  it.each([['unknown'], [''], ['toString'], ['App_Approved'], [null], [undefined], [1], [{}]])(
    'refuses %j',
    (s) => {
      expect(isOrderStatus(s)).toBe(false);
    },
  );
});

describe('CONFIRMED_STATUSES', () => {
  it('is app_approved plus payment_sent', () => {
    expect(CONFIRMED_STATUSES).toEqual(['app_approved', 'payment_sent']);
  });
});

describe('transitions', () => {
  const allowed: ReadonlyArray<readonly [OrderStatus, OrderStatus]> = [
    ['client_expected', 'bank_info_expected'],
    ['client_expected', 'client_info_overdue'],
    ['bank_info_expected', 'app_approved'],
    ['bank_info_expected', 'app_rejected'],
    ['app_approved', 'payment_sent'],
    // DESIGN §13: every bank's offer lapsed unsigned.
    ['app_approved', 'client_info_overdue'],
    ['client_expected', 'cancelled'],
    ['client_info_overdue', 'cancelled'],
    ['bank_info_expected', 'cancelled'],
    ['app_approved', 'cancelled'],
    ['payment_sent', 'refunded'],
  ];

  it('ALLOWED_TRANSITIONS has an entry for every status', () => {
    expect(Object.keys(ALLOWED_TRANSITIONS).sort()).toEqual([...ORDER_STATUSES].sort());
  });

  it.each(['app_rejected', 'cancelled', 'refunded'] as const)('%s is terminal', (s) => {
    expect(ALLOWED_TRANSITIONS[s]).toEqual([]);
  });

  it('allows exactly the DESIGN §4, §11 and §13 edges out of all 64 pairs', () => {
    for (const from of ORDER_STATUSES) {
      for (const to of ORDER_STATUSES) {
        const expected = allowed.some(([f, t]) => f === from && t === to);
        expect(canTransition(from, to), `${from} → ${to}`).toBe(expected);
      }
    }
  });

  it('never allows staying in the same status', () => {
    for (const s of ORDER_STATUSES) expect(canTransition(s, s)).toBe(false);
  });

  it('refuses unknown statuses on either side', () => {
    expect(canTransition('unknown', 'bank_info_expected')).toBe(false);
    expect(canTransition('client_expected', 'unknown')).toBe(false);
    expect(canTransition('toString', 'toString')).toBe(false);
  });
});

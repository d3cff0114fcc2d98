// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { approvedOrder, INSTALMENTS, makeClient, makeOrder, signed } from '../testing/fixtures';
import { needsOffersPanel, offersStage } from './offers-stage';

describe('where the buyer is with the banks’ offers', () => {
  it('chooses while the approved order lists offers, and is signed once one is accepted', () => {
    expect(offersStage(approvedOrder())).toBe('choose');
    expect(offersStage(approvedOrder({ offers: [], accepted_offer: signed(INSTALMENTS) }))).toBe('signed');
    expect(
      offersStage(approvedOrder({ status: 'payment_sent', offers: [], accepted_offer: signed(INSTALMENTS) })),
    ).toBe('paid');
  });

  it('says the offers lapsed when none is left unsigned, or the approved order went overdue', () => {
    expect(offersStage(approvedOrder({ offers: [] }))).toBe('lapsed');
    expect(offersStage(approvedOrder({ status: 'client_info_overdue', offers: undefined }))).toBe('lapsed');
  });

  it('has nothing to say about offers before approval or from a server that sends none', () => {
    expect(offersStage(makeOrder())).toBeNull();
    // Overdue before the application went in: the contacts were never confirmed by a submission.
    expect(offersStage(makeOrder({ status: 'client_info_overdue', client: makeClient() }))).toBeNull();
    expect(offersStage(makeOrder({ status: 'app_approved' }))).toBeNull();
    expect(offersStage(makeOrder({ status: 'payment_sent' }))).toBeNull();
    expect(offersStage(makeOrder({ status: 'refunded' }))).toBeNull();
    expect(
      offersStage(approvedOrder({ status: 'cancelled', accepted_offer: signed(INSTALMENTS) })),
    ).toBeNull();
  });

  it('keeps the signed offer on a paid order the shop returned in full: the buyer still deals with the bank', () => {
    expect(
      offersStage(approvedOrder({ status: 'refunded', offers: [], accepted_offer: signed(INSTALMENTS) })),
    ).toBe('refunded');
    expect(needsOffersPanel('refunded')).toBe(true);
  });

  it('downloads the offers part only to choose or to show the signed offer', () => {
    expect(['choose', 'signed', 'paid', 'lapsed', null].map((s) => needsOffersPanel(s as never))).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
  });
});

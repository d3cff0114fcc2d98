import { describe, expect, it } from 'vitest';
import { FIRST_LOAD_BUDGET } from '../scripts/check-size.mjs';
import { lighthouseBudgetFailures, MIN_BUYER_PERFORMANCE, median } from './lighthouse-budget.mjs';

const within = [{ route: '/client/{orderId}', firstLoad: FIRST_LOAD_BUDGET - 100 }];

describe('the bench Lighthouse budget', () => {
  it('passes buyer pages whose median is at least 95 and whose first load is within the ratchet', () => {
    expect(MIN_BUYER_PERFORMANCE).toBe(95);
    expect(
      lighthouseBudgetFailures({
        // One bad run of five does not fail the median.
        pages: [{ route: '/client/{id}', performance: [97, 60, 95, 99, 98] }],
        firstLoads: [...within, { route: '/client/{orderId}/apply', firstLoad: FIRST_LOAD_BUDGET }],
      }),
    ).toEqual([]);
  });

  it('fails a buyer page whose median performance is below 95, naming it and its runs', () => {
    expect(
      lighthouseBudgetFailures({
        pages: [
          { route: '/client/{id}', performance: [97, 98, 99] },
          { route: '/client/{id}/apply/step2', performance: [94, 96, 90] },
        ],
        firstLoads: within,
      }),
    ).toEqual(['/client/{id}/apply/step2: median performance 94 (runs 94, 96, 90) is below 95']);
  });

  it('fails a route whose first load grew past the ratchet of check-size', () => {
    const failures = lighthouseBudgetFailures({
      pages: [{ route: '/client/{id}', performance: [99] }],
      firstLoads: [...within, { route: '/client/{orderId}/apply/step2', firstLoad: FIRST_LOAD_BUDGET + 1 }],
    });
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatch(
      /^\/client\/\{orderId\}\/apply\/step2: first load 75\.0 KB .* over the ratchet of 75\.0 KB/,
    );
  });

  it('fails when a page was not measured or there is no build to measure', () => {
    expect(
      lighthouseBudgetFailures({ pages: [{ route: '/client/{id}', performance: [] }], firstLoads: null }),
    ).toHaveLength(2);
    expect(
      lighthouseBudgetFailures({
        pages: [],
        firstLoads: [{ route: '/client/faq', error: 'expected one chunk, found 0' }],
      }),
    ).toEqual(['/client/faq: expected one chunk, found 0']);
  });

  it('takes the upper middle of an even count', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(3);
    expect(median([])).toBeNaN();
  });
});

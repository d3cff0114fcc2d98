// The bench's Lighthouse budget (`npm run bench -- --only lighthouse`): the run fails when a buyer
// page's median performance drops below MIN_BUYER_PERFORMANCE or a buyer route's first load of
// JavaScript grows past the ratchet of scripts/check-size.mjs (its figure and its measurement, not a
// copy of them).
import { FIRST_LOAD_BUDGET } from '../scripts/check-size.mjs';

export const MIN_BUYER_PERFORMANCE = 95;

/** The middle value (the upper middle of an even count), or NaN for none. */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? Number.NaN : sorted[Math.floor(sorted.length / 2)];
}

/**
 * @param {{ pages: Array<{ route: string, performance: number[] }>,
 *           firstLoads: Array<{ route: string, firstLoad?: number, error?: string }> | null,
 *           budgetBytes?: number, minPerformance?: number }} input
 *   pages: the buyer pages' performance scores, one per run; firstLoads: measureBuyerRoutes(dist).routes
 * @returns {string[]} what is over budget, one clear line each; empty when within it
 */
export function lighthouseBudgetFailures({
  pages,
  firstLoads,
  budgetBytes = FIRST_LOAD_BUDGET,
  minPerformance = MIN_BUYER_PERFORMANCE,
}) {
  const failures = [];
  for (const page of pages) {
    const score = median(page.performance);
    if (!(score >= minPerformance)) {
      failures.push(
        `${page.route}: median performance ${score} (runs ${page.performance.join(', ')}) is below ${minPerformance}`,
      );
    }
  }
  if (!firstLoads) failures.push('buyer routes: no built app to measure the first load of (npm run build)');
  for (const row of firstLoads ?? []) {
    if (row.error) failures.push(`${row.route}: ${row.error}`);
    else if (!(row.firstLoad <= budgetBytes)) {
      failures.push(
        `${row.route}: first load ${(row.firstLoad / 1024).toFixed(1)} KB (${row.firstLoad} B) JavaScript gzip ` +
          `is over the ratchet of ${(budgetBytes / 1024).toFixed(1)} KB (${budgetBytes} B, scripts/check-size.mjs)`,
      );
    }
  }
  return failures;
}

import { beforeEach, vi } from 'vitest';
import { metrika } from '../shared/analytics/metrika';

/**
 * The analytics goals the page under test reaches, as `reachGoal` was called: a spy on the counter's
 * own method (not a module mock, which in a worker that shares modules between files would apply to
 * whichever file loaded the module first). Fresh before each test; vitest restores it after the file.
 */
export function spyOnGoals() {
  const goals = vi.fn<(name: string, params?: Record<string, unknown>) => void>();
  beforeEach(() => {
    goals.mockClear();
    vi.spyOn(metrika, 'reachGoal').mockImplementation((name, params) =>
      params === undefined ? goals(name) : goals(name, params),
    );
  });
  return goals;
}

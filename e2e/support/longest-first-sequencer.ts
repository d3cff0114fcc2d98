import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const e2eRoot = fileURLToPath(new URL('..', import.meta.url));

/**
 * The browser files that run longest, longest first (seconds of one worker in a clean-clone run,
 * bench/RESULTS.md "Test suite"). Without a timing cache — every clean clone, so every CI run —
 * vitest starts unknown files largest first, and the four longest are the smallest files (they only
 * call a shared suite): they started last and the phase ended on them alone for minutes.
 */
export const LONGEST_FILES = [
  'tests/a11y-routes-desktop.test.ts',
  'tests/a11y-routes-phone.test.ts',
  'tests/shop-live.test.ts',
  'tests/shop-settings.test.ts',
  'tests/landing.test.ts',
  'tests/shop-pages.test.ts',
  'tests/admin.test.ts',
  'tests/api-reference.test.ts',
  'tests/buyer-validation.test.ts',
  'tests/buyer-a11y-desktop.test.ts',
  'tests/buyer-journey.test.ts',
  'tests/buyer-a11y-phone.test.ts',
];

for (const file of LONGEST_FILES) {
  // A renamed or removed file would silently fall back to the size order this list corrects.
  if (!existsSync(join(e2eRoot, file))) throw new Error(`longest-first-sequencer: ${file} does not exist`);
}

/** The listed files first, in the list's order; the rest after them in vitest's own order. */
export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (spec: TestSpecification) => {
      const index = LONGEST_FILES.indexOf(relative(e2eRoot, spec.moduleId));
      return index === -1 ? LONGEST_FILES.length : index;
    };
    const base = await super.sort(files);
    // Array.prototype.sort is stable: files outside the list keep the base order among themselves.
    return base.sort((a, b) => rank(a) - rank(b));
  }
}

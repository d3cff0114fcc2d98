import { describe, expect, it } from 'vitest';
import { checkTrackerTags } from './check-tracker-tags.mjs';

// The tags are put together at run time, so that this file holds none itself.
const tag = (word, number) => `${word} ${number}`;

describe('tracker tags', () => {
  it('finds "issue N", "Issue #N" and "session N" in code, tests and docs, in any case', () => {
    const problems = checkTrackerTags([
      { file: 'apps/api/src/a.ts', source: `// Refunds (${tag('issue', 21)}): …` },
      { file: 'e2e/tests/b.test.ts', source: `it('works (${tag('Issue', '#8')})', () => {});` },
      { file: 'bench/RESULTS.md', source: `line\nMeasured in ${tag('SESSION', 3)}.` },
      { file: 'sdks/php/src/Client.php', source: `// ${tag('issues', 12)} and 14` },
    ]);
    expect(problems).toEqual([
      `apps/api/src/a.ts:1: tracker tag '${tag('issue', 21)}'`,
      `e2e/tests/b.test.ts:1: tracker tag '${tag('Issue', '#8')}'`,
      `bench/RESULTS.md:2: tracker tag '${tag('SESSION', 3)}'`,
      `sdks/php/src/Client.php:1: tracker tag '${tag('issues', 12)}'`,
    ]);
  });

  it('leaves the product spec, the lock file, words without a number and upstream references alone', () => {
    expect(
      checkTrackerTags([
        { file: 'docs/product/DESIGN.md', source: tag('issue', 4) },
        { file: 'package-lock.json', source: tag('issue', 4) },
        {
          file: 'packages/domain/src/contract/issue-messages.ts',
          source: '// a zod issue, the session cookie',
        },
        { file: 'ARCHITECTURE.md', source: `(see timgit/pg-boss ${tag('issue', 563)})` },
        { file: 'image.png', source: tag('issue', 4) },
      ]),
    ).toEqual([]);
  });
});

#!/usr/bin/env node
// No tracker tags in the repository: "issue N", "Issue #N", "session N" point at a tracker that is
// not in it. A rule says where it comes from (docs/product/, ARCHITECTURE.md) and history stays in git.
// Checks the tracked source, test and documentation files; docs/product/ (the product spec as the
// product owner wrote it) and the lock file are left out. Run by `npm run lint`; exits 1 on a tag.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * "issue N", "Issues N and M", "issue #N", "session N" (N a number), any case; an upstream project's
 * issue named with its repository ("owner/name issue N") is a reference anyone can follow, not a tag.
 */
export const TRACKER_TAG = /(?<![\w.-]+\/[\w.-]+[ \t]+)\b(?:issue|session)s?[ \t]*(?:#[ \t]*)?\d+/gi;
const CHECKED = /\.(?:[cm]?[jt]sx?|md|php|sh|ya?ml|html|css|sql)$/;
const LEFT_OUT = /^docs\/product\/|(^|\/)package-lock\.json$/;

/** Tags in one text: [{ line, tag }]. */
export function findTrackerTags(text) {
  return text
    .split('\n')
    .flatMap((line, index) =>
      [...line.matchAll(TRACKER_TAG)].map((match) => ({ line: index + 1, tag: match[0] })),
    );
}

/** Problems in the given files ({ file, source }), each '<file>:<line>: …'. */
export function checkTrackerTags(files) {
  return files
    .filter(({ file }) => CHECKED.test(file) && !LEFT_OUT.test(file))
    .flatMap(({ file, source }) =>
      findTrackerTags(source).map(({ line, tag }) => `${file}:${line}: tracker tag '${tag}'`),
    );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = join(import.meta.dirname, '..');
  const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' }).split('\0');
  const files = tracked
    .filter((file) => CHECKED.test(file) && !LEFT_OUT.test(file))
    .flatMap((file) => {
      try {
        return [{ file, source: readFileSync(join(root, file), 'utf8') }];
      } catch {
        return []; // deleted in the work tree
      }
    });
  const problems = checkTrackerTags(files);
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) {
    console.error(
      `\n${problems.length} tracker tag(s): say what the rule is and point at docs/product/ or ARCHITECTURE.md.`,
    );
    process.exit(1);
  }
  console.log('Tracker tags: none.');
}

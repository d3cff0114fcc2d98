// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '../..');

/** The app's own sources (tests left out: they may spell a wrong text to refuse it). */
function sources(): string[] {
  return readdirSync(SRC, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => path.join(SRC, file));
}

describe('the rouble sign', () => {
  it('is never glued to a number or an interpolation («0₽»): money goes through the ru-RU formatting', () => {
    const glued = sources().flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, index) =>
          /(\d|\$\{[^}]*\}|\})₽/.test(line)
            ? [`${path.relative(SRC, file)}:${index + 1}: ${line.trim()}`]
            : [],
        ),
    );
    expect(glued).toEqual([]);
  });
});

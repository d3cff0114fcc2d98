// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatDuration, formatRate, moscowDateTime } from './admin-format';

describe('back-office formats', () => {
  it.each([
    [null, '—'],
    [0, '0 мин'],
    [20, '1 мин'],
    [12 * 60, '12 мин'],
    [59 * 60 + 1, '1 ч 00 мин'],
    [60 * 60, '1 ч 00 мин'],
    [2 * 3600 + 5 * 60, '2 ч 05 мин'],
    [26 * 3600 + 30, '26 ч 01 мин'],
  ])('a decision time of %s s reads %s', (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });

  it('an approval rate in whole percent, none before anything was sent', () => {
    expect(formatRate(0.755)).toBe('76\u00a0%');
    expect(formatRate(1)).toBe('100\u00a0%');
    expect(formatRate(null)).toBe('—');
  });

  it('dates on Moscow time whatever the browser’s zone', () => {
    expect(moscowDateTime('2026-11-22T21:30:00Z')).toBe('23.11.2026 00:30');
    expect(moscowDateTime(null)).toBe('--.--.---- --:--');
  });
});

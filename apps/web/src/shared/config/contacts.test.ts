import { describe, expect, it } from 'vitest';
import { copyrightLine } from './contacts';

describe('copyrightLine', () => {
  it('runs from 2025 to the current year', () => {
    expect(copyrightLine(2025)).toBe('© 2025 B2BPay. Все права защищены.');
    expect(copyrightLine(2026)).toBe('© 2025–2026 B2BPay. Все права защищены.');
  });
});

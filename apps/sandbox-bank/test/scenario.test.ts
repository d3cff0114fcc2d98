import { describe, expect, it } from 'vitest';
import { sandboxReference, sandboxScenario, scenarioIndex } from '../src/scenario';

describe('sandboxScenario', () => {
  it('decides by the local part of the e-mail and the bank', () => {
    expect([0, 1, 2].map((index) => sandboxScenario('Decline.test@firm.ru', index))).toEqual([
      { decision: 'rejected', delayFactor: 1 },
      { decision: 'rejected', delayFactor: 1 },
      { decision: 'rejected', delayFactor: 1 },
    ]);
    expect([0, 1, 2].map((index) => sandboxScenario('pending-1@firm.ru', index))).toEqual([null, null, null]);
    expect([0, 1, 2].map((index) => sandboxScenario('buyer@decline.ru', index))).toEqual([
      { decision: 'approved', delayFactor: 1 },
      { decision: 'rejected', delayFactor: 1 },
      { decision: 'approved', delayFactor: 2 },
    ]);
  });

  it('places the partner banks by the domain list and others by the sandbox list', () => {
    expect(['sever', 'volga', 'ural'].map((id) => scenarioIndex(id, ['ural', 'volga', 'sever']))).toEqual([
      0, 1, 2,
    ]);
    expect(scenarioIndex('test', ['test'])).toBe(0);
  });
});

describe('sandboxReference', () => {
  it('takes six digits from the first 8 hex digits of the id', () => {
    // 0xb5e1c0de = 3 051 471 070 → 471 070.
    expect(sandboxReference('sever', 'b5e1c0de-1111-4222-8333-444455556666')).toBe('SEVER-471070');
    // 0x0000ab12 = 43 794.
    expect(sandboxReference('ural', '0000ab12-0000-4000-8000-000000000000', 'R')).toBe('URAL-R043794');
    expect(sandboxReference('volga', 'not-hex')).toBe('VOLGA-000000');
  });
});

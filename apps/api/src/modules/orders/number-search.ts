/**
 * How many of the integers 1…n contain `digits` in their decimal form: a digit DP over n's digits
 * with the KMP automaton of `digits`. The order list uses it for a short number search (one or two
 * characters, where no index helps and about half the orders match) when a shop's numbers are
 * exactly 1…last_order_number, which the list checks before trusting it.
 */
export function countNumbersContaining(n: number, digits: string): number {
  if (!/^\d+$/.test(digits) || n < 1) return 0;
  const m = digits.length;
  // KMP failure function, then the automaton's transitions: next[state][digit].
  const fail = new Array<number>(m).fill(0);
  for (let i = 1, k = 0; i < m; i++) {
    while (k > 0 && digits[i] !== digits[k]) k = fail[k - 1] ?? 0;
    if (digits[i] === digits[k]) k++;
    fail[i] = k;
  }
  const next: number[][] = [];
  for (let state = 0; state < m; state++) {
    const row: number[] = [];
    for (let d = 0; d <= 9; d++) {
      let k = state;
      const c = String(d);
      while (k > 0 && digits[k] !== c) k = fail[k - 1] ?? 0;
      row.push(digits[k] === c ? k + 1 : 0);
    }
    next.push(row);
  }
  const top = String(n);
  // ways[state]: numbers with a prefix below n's (free to take any digit later), by automaton state;
  // state m means "already contains". `started` numbers only: leading zeros are not digits of a number.
  let free = new Array<number>(m + 1).fill(0);
  let tightState = 0;
  for (let pos = 0; pos < top.length; pos++) {
    const limit = Number(top[pos]);
    const nextFree = new Array<number>(m + 1).fill(0);
    const step = (state: number, d: number) => (state === m ? m : (next[state]?.[d] ?? 0));
    for (let state = 0; state <= m; state++) {
      const ways = free[state] ?? 0;
      if (ways === 0) continue;
      for (let d = 0; d <= 9; d++) {
        const s = step(state, d);
        nextFree[s] = (nextFree[s] ?? 0) + ways;
      }
    }
    // Branch off the tight prefix with a smaller digit (not a leading zero).
    for (let d = pos === 0 ? 1 : 0; d < limit; d++) {
      const s = step(tightState, d);
      nextFree[s] = (nextFree[s] ?? 0) + 1;
    }
    // Numbers shorter than n start here: a first digit 1–9 at a later position.
    if (pos > 0) {
      for (let d = 1; d <= 9; d++) {
        const s = step(0, d);
        nextFree[s] = (nextFree[s] ?? 0) + 1;
      }
    }
    tightState = step(tightState, limit);
    free = nextFree;
  }
  return (free[m] ?? 0) + (tightState === m ? 1 : 0);
}

// Preloaded into the API by bench/export-memory.mjs (NODE_OPTIONS=--require): samples the process's
// own memory every 10 ms and, on SIGUSR2, writes the peaks since the last signal and the values now
// to MEMORY_SAMPLER_OUT (one JSON line) and starts over. The benchmark signals once before a request
// and once after it, so the second line holds the peaks of that request alone. Only the benchmark
// loads it.
const { appendFileSync } = require('node:fs');

const out = process.env.MEMORY_SAMPLER_OUT;
// NODE_OPTIONS reaches every node process of the API: tsx's launcher too when the bundle is stale.
// Only the process that runs the API's entry (apps/api/src/main.ts or the bundle's main.js) samples;
// the others ignore the signal (its default action would end them).
const isApi = /[\\/]main\.[cm]?[jt]s$/.test(process.argv[1] ?? '');
if (out && !isApi) process.on('SIGUSR2', () => {});
if (out && isApi) {
  const empty = () => ({ rss: 0, heapUsed: 0, heapTotal: 0, external: 0, arrayBuffers: 0 });
  let peak = empty();
  const sample = () => {
    const now = process.memoryUsage();
    for (const key of Object.keys(peak)) peak[key] = Math.max(peak[key], now[key]);
  };
  setInterval(sample, 10).unref();
  process.on('SIGUSR2', () => {
    sample();
    const now = process.memoryUsage();
    appendFileSync(out, `${JSON.stringify({ pid: process.pid, at: Date.now(), ...peak, now })}\n`);
    peak = empty();
    sample();
  });
}

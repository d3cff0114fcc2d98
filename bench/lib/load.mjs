// autocannon with our own per-response latency log, so any percentile (p95 too) can be read.
import autocannon from 'autocannon';

export function percentile(sorted, p) {
  if (sorted.length === 0) return null;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
}

const round = (v, d = 2) => (v === null || v === undefined ? null : Math.round(v * 10 ** d) / 10 ** d);

/**
 * One autocannon run. `next()` returns {method, path, headers, body} for each request.
 * Returns throughput (requests/s over the run) and latency percentiles in ms from every response.
 */
export async function load({ url, connections, duration, next, warmup = 0, allowErrors = false }) {
  if (warmup > 0) await load({ url, connections, duration: warmup, next, allowErrors });
  const latencies = [];
  let bad = 0;
  const statusSample = new Map();
  const result = await autocannon({
    url,
    connections,
    duration,
    requests: [
      {
        setupRequest: (req) => ({ ...req, ...next() }),
        onResponse: (status) => {
          if (status >= 300) {
            bad++;
            statusSample.set(status, (statusSample.get(status) ?? 0) + 1);
          }
        },
      },
    ],
    setupClient: (client) => {
      client.on('response', (_status, _bytes, responseTime) => latencies.push(responseTime));
    },
  });
  latencies.sort((a, b) => a - b);
  if (bad > 0 && !allowErrors) {
    throw new Error(`${bad} answers were not 2xx: ${JSON.stringify(Object.fromEntries(statusSample))}`);
  }
  const total = result.requests.total;
  return {
    connections,
    duration_s: duration,
    requests: total,
    rps: round(total / (result.duration || duration), 0),
    p50_ms: round(percentile(latencies, 50)),
    p95_ms: round(percentile(latencies, 95)),
    p99_ms: round(percentile(latencies, 99)),
    max_ms: round(latencies.at(-1) ?? null),
    errors: result.errors + result.timeouts,
    non_2xx: bad,
    statuses: Object.fromEntries(statusSample),
  };
}

import type { Client } from 'pg';
import { listenToJobs } from './job-channel.repository';

export interface JobListener {
  close(): Promise<void>;
}

/**
 * A worker's own PostgreSQL connection that LISTENs for committed jobs (announced by processes
 * without a worker, see `job-signals.ts`) and calls `onWake` for each. A lost connection (the server
 * restarting) is reopened every `reconnectMs`; each (re)connection wakes the worker once, since
 * announcements made while nobody listened are gone. Meanwhile the worker's poll carries on.
 */
export function listenForJobs(
  url: string,
  onWake: () => void,
  options: { reconnectMs: number; onError?: (error: unknown) => void },
): JobListener {
  let closed = false;
  let client: Client | null = null;
  let retry: NodeJS.Timeout | undefined;

  const reconnectLater = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, options.reconnectMs);
  };

  const connect = async () => {
    // Loaded here, not at import: the API on PGlite never listens, and loading node-postgres costs a
    // start-up a few hundred milliseconds.
    const { default: pg } = await import('pg');
    const c = new pg.Client({ connectionString: url });
    client = c;
    // A connection that dies emits 'error' (and 'end'): without a listener it would end the process.
    c.on('error', (error) => {
      options.onError?.(error);
      reconnectLater();
    });
    c.on('end', reconnectLater);
    c.on('notification', () => onWake());
    try {
      await c.connect();
      await listenToJobs(c);
      if (closed) await c.end();
      else onWake();
    } catch (error) {
      options.onError?.(error);
      c.end().catch(() => {});
      reconnectLater();
    }
  };

  void connect();
  return {
    async close() {
      closed = true;
      clearTimeout(retry);
      await client?.end().catch(() => {});
    },
  };
}

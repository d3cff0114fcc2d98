import type { LiveEvent } from '@b2bpay/domain';
import { sessionHeaders } from '../../../shared/api/session-credentials';
import type { LiveState } from '../shared/live-status';
import { createSseParser } from './sse-parser';

/** The shop's live stream (GET /api/events, server-sent events). */
export const EVENTS_PATH = '/api/events';
/** The pause before reconnecting, unless the server says otherwise with `retry:` (it says 2000). */
export const DEFAULT_RETRY_MS = 2000;
/** Longest pause after repeated failures. */
export const MAX_RETRY_MS = 15_000;
/** The server sends a heartbeat every 15 s: a stream silent for this long is dead and reopened. */
export const IDLE_TIMEOUT_MS = 45_000;

export type { LiveState };

export interface LiveStreamOptions {
  /** The secret key; null on a cabinet session (the cookie goes by itself, the shop is named in X-Shop-Id). */
  token: string | null;
  /** The id to resume after (sent as Last-Event-ID on the first request too). */
  lastEventId?: string | null;
  onEvent: (event: LiveEvent) => void;
  onState?: (state: LiveState) => void;
  fetchImpl?: typeof fetch;
  /**
   * Where the browser announces 'offline' and 'online' (window by default). Offline ends the current
   * attempt at once, so the state says 'reconnecting' instead of 'open' over a dead connection until the
   * idle time-out; online ends the pause before the next attempt.
   */
  connectivity?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
}

/** Reads a `data:` payload; anything that is not an event object is skipped. */
export function parseLiveEvent(data: string, id: string): LiveEvent | null {
  try {
    const value = JSON.parse(data) as Partial<LiveEvent> | null;
    if (!value || typeof value !== 'object' || typeof value.event !== 'string') return null;
    return {
      id: typeof value.id === 'string' ? value.id : id,
      event: value.event,
      order_id: value.order_id ?? null,
      order_number: value.order_number ?? null,
      status: value.status ?? null,
      previous_status: value.previous_status ?? null,
      timestamp: typeof value.timestamp === 'string' ? value.timestamp : new Date().toISOString(),
    };
  } catch {
    return null;
  }
}

/** The pause before the n-th reconnection in a row (1-based): the server's value, then longer. */
export function retryDelay(failures: number, retryMs: number): number {
  if (failures <= 3) return retryMs;
  return Math.min(retryMs * 2 ** (failures - 3), MAX_RETRY_MS);
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done);
  });
}

/**
 * Follows the stream with fetch (EventSource cannot send the Authorization header), parsing the
 * `id:`/`event:`/`data:` blocks itself. When the stream fails or ends it reconnects after about 2 s
 * with `Last-Event-ID`, so the server replays what was missed. A refused key (401/403) stops it.
 * Returns the function that closes it.
 */
export function openLiveStream(options: LiveStreamOptions): () => void {
  const fetchImpl = options.fetchImpl ?? ((input, init) => fetch(input, init));
  const stopper = new AbortController();
  let lastEventId = options.lastEventId ?? '';
  let retryMs = DEFAULT_RETRY_MS;
  let failures = 0;
  const connectivity = options.connectivity ?? (typeof window === 'undefined' ? undefined : window);
  let wake: AbortController | null = null;
  const onOnline = () => wake?.abort();

  async function readOnce(): Promise<'retry' | 'stop'> {
    const attempt = new AbortController();
    const abortAttempt = () => attempt.abort();
    stopper.signal.addEventListener('abort', abortAttempt);
    connectivity?.addEventListener('offline', abortAttempt);
    let idle: ReturnType<typeof setTimeout> | undefined;
    const touch = () => {
      clearTimeout(idle);
      idle = setTimeout(abortAttempt, IDLE_TIMEOUT_MS);
    };
    try {
      const headers: Record<string, string> = options.token
        ? { Accept: 'text/event-stream', Authorization: `Bearer ${options.token}` }
        : { Accept: 'text/event-stream', ...sessionHeaders('GET') };
      if (lastEventId) headers['Last-Event-ID'] = lastEventId;
      touch();
      const response = await fetchImpl(EVENTS_PATH, {
        headers,
        cache: 'no-store',
        credentials: 'same-origin',
        signal: attempt.signal,
      });
      if (response.status === 401 || response.status === 403) {
        options.onState?.('unauthorized');
        return 'stop';
      }
      if (!response.ok || !response.body) return 'retry';
      options.onState?.('open');
      const parser = createSseParser(lastEventId);
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        touch();
        failures = 0;
        const messages = parser.push(decoder.decode(value, { stream: true }));
        if (parser.retryMs !== null) retryMs = parser.retryMs;
        for (const message of messages) {
          lastEventId = message.lastEventId;
          const event = parseLiveEvent(message.data, message.lastEventId);
          if (event) options.onEvent({ ...event, id: message.lastEventId || event.id });
        }
        lastEventId = parser.lastEventId;
      }
      return 'retry';
    } catch {
      return 'retry';
    } finally {
      clearTimeout(idle);
      stopper.signal.removeEventListener('abort', abortAttempt);
      connectivity?.removeEventListener('offline', abortAttempt);
    }
  }

  void (async () => {
    options.onState?.('connecting');
    connectivity?.addEventListener('online', onOnline);
    try {
      while (!stopper.signal.aborted) {
        const outcome = await readOnce();
        if (outcome === 'stop' || stopper.signal.aborted) return;
        failures += 1;
        options.onState?.('reconnecting');
        wake = new AbortController();
        await sleep(retryDelay(failures, retryMs), AbortSignal.any([stopper.signal, wake.signal]));
        wake = null;
      }
    } finally {
      connectivity?.removeEventListener('online', onOnline);
    }
  })();

  return () => stopper.abort();
}

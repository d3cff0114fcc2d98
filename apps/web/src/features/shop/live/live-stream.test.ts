// @vitest-environment node
import type { LiveEvent } from '@b2bpay/domain';
import { describe, expect, it, vi } from 'vitest';
import { type LiveState, MAX_RETRY_MS, openLiveStream, parseLiveEvent, retryDelay } from './live-stream';

const event = (id: string, status = 'app_approved') =>
  `id: ${id}\nevent: order.status.changed\ndata: ${JSON.stringify({
    id,
    event: 'order.status.changed',
    order_id: 'o1',
    order_number: '12',
    status,
    previous_status: 'bank_info_expected',
    timestamp: '2026-11-22T10:00:00.000Z',
  })}\n\n`;

/** A text/event-stream response sending `chunks`, then ending (or staying open). */
function stream(chunks: string[], { end = true } = {}): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      if (end) controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
}

async function until(check: () => boolean, what: string) {
  for (let i = 0; i < 200; i++) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('live event stream', () => {
  it('goes to reconnecting as soon as the browser goes offline and tries again when it is back', async () => {
    const connectivity = new EventTarget();
    let calls = 0;
    const fetchImpl = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
      calls += 1;
      // An open stream over a connection that stays silent: only an abort ends it, as fetch does.
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(event(String(calls))));
          init?.signal?.addEventListener('abort', () =>
            controller.error(new DOMException('aborted', 'AbortError')),
          );
        },
      });
      return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
    });
    const states: LiveState[] = [];
    const close = openLiveStream({
      token: 'sk_1',
      onEvent: () => {},
      onState: (s) => states.push(s),
      fetchImpl,
      connectivity,
    });
    await until(() => states.at(-1) === 'open', 'the stream to open');
    connectivity.dispatchEvent(new Event('offline'));
    await until(() => states.at(-1) === 'reconnecting', 'reconnecting after offline');
    // The default pause is 2 s; 'online' ends it at once.
    connectivity.dispatchEvent(new Event('online'));
    await until(() => calls === 2 && states.at(-1) === 'open', 'a new attempt once online');
    close();
    expect(states).toEqual(['connecting', 'open', 'reconnecting', 'open']);
  });

  it('sends the key, hands over events, and reconnects with Last-Event-ID after the stream ends', async () => {
    const requests: Array<Record<string, string>> = [];
    const responses = [
      () => stream(['retry: 10\n\n', event('41').slice(0, 30), event('41').slice(30), event('42')]),
      () => stream([event('43', 'payment_sent')], { end: false }),
    ];
    const fetchImpl = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
      requests.push(Object.fromEntries(new Headers(init?.headers).entries()));
      return (responses[requests.length - 1] ?? responses[1])?.() as Response;
    });
    const events: LiveEvent[] = [];
    const states: LiveState[] = [];
    const close = openLiveStream({
      token: 'sk_1',
      onEvent: (e) => events.push(e),
      onState: (s) => states.push(s),
      fetchImpl,
    });
    await until(() => events.length === 3, 'three events');
    close();

    expect(fetchImpl.mock.calls[0]?.[0]).toBe('/api/events');
    expect(requests[0]?.authorization).toBe('Bearer sk_1');
    expect(requests[0]?.['last-event-id']).toBeUndefined();
    expect(requests[1]?.['last-event-id']).toBe('42');
    expect(events.map((e) => [e.id, e.status, e.order_number])).toEqual([
      ['41', 'app_approved', '12'],
      ['42', 'app_approved', '12'],
      ['43', 'payment_sent', '12'],
    ]);
    expect(states).toEqual(['connecting', 'open', 'reconnecting', 'open']);
  });

  it('resumes after a given id and retries after a network failure', async () => {
    const requests: Array<Record<string, string>> = [];
    let calls = 0;
    const fetchImpl = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
      requests.push(Object.fromEntries(new Headers(init?.headers).entries()));
      calls += 1;
      if (calls === 1) throw new TypeError('Failed to fetch');
      return stream(['retry: 10\n\n'], { end: false });
    });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const close = openLiveStream({ token: 't', lastEventId: '9', onEvent: () => {}, fetchImpl });
    await vi.advanceTimersByTimeAsync(1999);
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toBe(2);
    close();
    expect(requests.map((h) => h['last-event-id'])).toEqual(['9', '9']);
  });

  it('stops when the key is refused, and does not try again however long it waits', async () => {
    vi.useFakeTimers();
    try {
      const states: LiveState[] = [];
      const fetchImpl = vi.fn(async () => new Response('{}', { status: 401 }));
      const close = openLiveStream({
        token: 'old',
        onEvent: () => {},
        onState: (s) => states.push(s),
        fetchImpl,
      });
      await vi.advanceTimersByTimeAsync(0);
      expect(states).toEqual(['connecting', 'unauthorized']);
      // Longer than the longest wait between attempts: a stream that kept trying would have asked again.
      await vi.advanceTimersByTimeAsync(MAX_RETRY_MS * 3);
      expect(fetchImpl).toHaveBeenCalledTimes(1);
      expect(states).toEqual(['connecting', 'unauthorized']);
      close();
    } finally {
      vi.useRealTimers();
    }
  });

  it('waits longer after repeated failures, up to a limit', () => {
    expect([1, 2, 3, 4, 5, 6, 20].map((n) => retryDelay(n, 2000))).toEqual([
      2000,
      2000,
      2000,
      4000,
      8000,
      MAX_RETRY_MS,
      MAX_RETRY_MS,
    ]);
  });

  it('reads an event payload and skips what is not one', () => {
    expect(parseLiveEvent('{"event":"webhook.test","timestamp":"t"}', '5')).toEqual({
      id: '5',
      event: 'webhook.test',
      order_id: null,
      order_number: null,
      status: null,
      previous_status: null,
      timestamp: 't',
    });
    expect(parseLiveEvent('not json', '1')).toBeNull();
    expect(parseLiveEvent('[1]', '1')).toBeNull();
    expect(parseLiveEvent('null', '1')).toBeNull();
  });
});

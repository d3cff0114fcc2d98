import { expect } from 'vitest';

/** Reads server-sent events from a live HTTP stream until `count` events arrived. */
export async function readEvents(
  url: string,
  headers: Record<string, string>,
  count: number,
  trigger: () => Promise<unknown>,
) {
  const controller = new AbortController();
  const res = await fetch(url, { headers, signal: controller.signal });
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  const reader = res.body?.getReader();
  if (!reader) throw new Error('no body');
  const decoder = new TextDecoder();
  const events: { id: string; event: string; data: { status: string; order_id: string } }[] = [];
  let buffer = '';
  await trigger();
  const deadline = Date.now() + 10_000;
  while (events.length < count && Date.now() < deadline) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let end = buffer.indexOf('\n\n');
    while (end !== -1) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const fields = Object.fromEntries(
        block
          .split('\n')
          .filter((l) => !l.startsWith(':') && l.includes(': '))
          .map((l) => [l.slice(0, l.indexOf(': ')), l.slice(l.indexOf(': ') + 2)]),
      );
      if (fields.data)
        events.push({ id: fields.id ?? '', event: fields.event ?? '', data: JSON.parse(fields.data) });
      end = buffer.indexOf('\n\n');
    }
  }
  controller.abort();
  return events;
}

// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createSseParser } from './sse-parser';

describe('server-sent events parser', () => {
  it('reads id, event and data blocks, and skips comments (the heartbeat)', () => {
    const parser = createSseParser();
    const text =
      'retry: 2000\n\n' +
      ': ping\n\n' +
      'id: 41\nevent: order.status.changed\ndata: {"id":"41","order_number":"12"}\n\n';
    expect(parser.push(text)).toEqual([
      { event: 'order.status.changed', data: '{"id":"41","order_number":"12"}', lastEventId: '41' },
    ]);
    expect(parser.retryMs).toBe(2000);
    expect(parser.lastEventId).toBe('41');
  });

  it('joins data lines with LF and names an untyped event "message"', () => {
    const parser = createSseParser();
    expect(parser.push('data: a\ndata:b\ndata:  c\n\n')).toEqual([
      { event: 'message', data: 'a\nb\n c', lastEventId: '' },
    ]);
  });

  it('keeps a message split across chunks anywhere, CR LF included', () => {
    const parser = createSseParser();
    const text = 'id: 7\r\nevent: x\r\ndata: {"a":1}\r\n\r\nid: 8\r\ndata: two\r\n\r\n';
    const out = [];
    for (const char of text) out.push(...parser.push(char));
    expect(out).toEqual([
      { event: 'x', data: '{"a":1}', lastEventId: '7' },
      { event: 'message', data: 'two', lastEventId: '8' },
    ]);
  });

  it('accepts bare CR line endings and a CR at the end of a chunk', () => {
    const parser = createSseParser();
    expect(parser.push('data: one\r')).toEqual([]);
    expect(parser.push('\r')).toEqual([{ event: 'message', data: 'one', lastEventId: '' }]);
    expect(parser.push('data: two\r\n\r\n')).toEqual([{ event: 'message', data: 'two', lastEventId: '' }]);
  });

  it('waits for the blank line before dispatching', () => {
    const parser = createSseParser();
    expect(parser.push('id: 1\ndata: half')).toEqual([]);
    expect(parser.push('\n')).toEqual([]);
    expect(parser.push('\n')).toEqual([{ event: 'message', data: 'half', lastEventId: '1' }]);
  });

  it('an id without data only moves the last event id; an id with NUL is ignored', () => {
    const parser = createSseParser('5');
    expect(parser.push('id: 6\n\n')).toEqual([]);
    expect(parser.lastEventId).toBe('6');
    expect(parser.push('id: 7\0\ndata: x\n\n')).toEqual([{ event: 'message', data: 'x', lastEventId: '6' }]);
  });

  it('ignores unknown fields, a field without a value and a retry that is not a number', () => {
    const parser = createSseParser();
    expect(parser.push('foo: bar\nretry: soon\ndata\n\n')).toEqual([
      { event: 'message', data: '', lastEventId: '' },
    ]);
    expect(parser.retryMs).toBeNull();
  });

  it('the event type does not leak into the next block', () => {
    const parser = createSseParser();
    expect(parser.push('event: a\ndata: 1\n\ndata: 2\n\n').map((m) => m.event)).toEqual(['a', 'message']);
  });
});

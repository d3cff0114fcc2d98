/**
 * A parser of the server-sent events wire format (WHATWG HTML "event stream interpretation"), fed
 * with text as it arrives: chunks may split a line, or the CR LF pair, anywhere.
 */
export interface SseMessage {
  /** The event type: the `event:` field, or 'message'. */
  event: string;
  /** The `data:` lines joined with LF. */
  data: string;
  /** The last event id seen so far in the stream (what Last-Event-ID sends after a reconnect). */
  lastEventId: string;
}

export interface SseParser {
  /** Parses a chunk of text; returns the messages it completed. */
  push: (chunk: string) => SseMessage[];
  /** The last event id of the stream so far ('' when none was sent). */
  readonly lastEventId: string;
  /** The reconnection time the server asked for with `retry:`, or null. */
  readonly retryMs: number | null;
}

export function createSseParser(initialLastEventId = ''): SseParser {
  let buffer = '';
  // A chunk ending in CR may be the first half of CR LF: the LF at the next chunk's start is skipped.
  let skipLeadingLf = false;
  let data: string[] = [];
  let eventType = '';
  let lastEventId = initialLastEventId;
  let retryMs: number | null = null;

  function field(line: string, out: SseMessage[]) {
    if (line === '') {
      // Blank line: dispatch. A block without data lines only updates the id.
      if (data.length > 0) out.push({ event: eventType || 'message', data: data.join('\n'), lastEventId });
      data = [];
      eventType = '';
      return;
    }
    if (line.startsWith(':')) return; // a comment (the server's heartbeat)
    const colon = line.indexOf(':');
    const name = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    switch (name) {
      case 'data':
        data.push(value);
        break;
      case 'event':
        eventType = value;
        break;
      case 'id':
        if (!value.includes('\0')) lastEventId = value;
        break;
      case 'retry':
        if (/^\d+$/.test(value)) retryMs = Number(value);
        break;
      default:
        break; // unknown fields are ignored
    }
  }

  return {
    push(chunk: string) {
      let text = chunk;
      if (skipLeadingLf && text.startsWith('\n')) text = text.slice(1);
      skipLeadingLf = false;
      buffer += text;
      const out: SseMessage[] = [];
      let start = 0;
      for (let i = 0; i < buffer.length; i++) {
        const char = buffer[i];
        if (char !== '\n' && char !== '\r') continue;
        field(buffer.slice(start, i), out);
        if (char === '\r') {
          if (i + 1 < buffer.length) {
            if (buffer[i + 1] === '\n') i++;
          } else {
            skipLeadingLf = true;
          }
        }
        start = i + 1;
      }
      buffer = buffer.slice(start);
      return out;
    },
    get lastEventId() {
      return lastEventId;
    },
    get retryMs() {
      return retryMs;
    },
  };
}

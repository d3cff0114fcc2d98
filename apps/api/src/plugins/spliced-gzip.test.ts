// @vitest-environment node
import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressHead, gzipAfterHead } from './spliced-gzip';

const head = `<!doctype html><html lang="ru"><head><style>${'.a{color:red}'.repeat(4000)}</style>`;

describe('spliced gzip', () => {
  it('decodes to head + rest, for many rests after one compressed head, with non-ASCII text', () => {
    const compressed = compressHead(head);
    for (const rest of [
      '',
      '</head><body></body></html>',
      '<script>{"name":"Бумага «А4»"}</script>'.repeat(50),
    ]) {
      const body = gzipAfterHead(compressed, rest);
      expect(gunzipSync(body).toString('utf8')).toBe(head + rest);
    }
  });

  it('decodes with the stream decoder browsers use, and is about as small as gzipping it whole', async () => {
    const rest = `</head><body><div id="root"></div>${'<p>Заказ №1</p>'.repeat(20)}</body></html>`;
    const body = gzipAfterHead(compressHead(head), rest);
    const decoded = await new Response(
      new Blob([body]).stream().pipeThrough(new DecompressionStream('gzip')),
    ).text();
    expect(decoded).toBe(head + rest);
    expect(body.length).toBeLessThan(gzipSync(head + rest).length * 1.2);
  });

  it('is refused by the decoder when a byte of the rest changes (the CRC covers head and rest)', () => {
    const body = gzipAfterHead(compressHead(head), '</head></html>');
    const tampered = Buffer.from(body);
    tampered.writeUInt32LE((tampered.readUInt32LE(tampered.length - 8) ^ 1) >>> 0, tampered.length - 8);
    expect(() => gunzipSync(tampered)).toThrow();
  });
});

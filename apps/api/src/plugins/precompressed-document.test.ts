// @vitest-environment node

import { brotliCompressSync, brotliDecompressSync, crc32, gunzipSync, gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BoundedMemo,
  brotliStored,
  brotliStoredLength,
  multModP,
  precompressDocument,
  x8nModP,
} from './precompressed-document';

const STYLE = `<!doctype html><html lang="ru"><head><style>${'.a{color:red}.b{margin:0 auto}'.repeat(2000)}</style>`;
const text = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 300 }),
  fc.string({ unit: 'grapheme', maxLength: 300 }),
  fc.constantFrom('', '{"name":"Бумага «А4», ёлка"}', '</script>\u2028\u0000'),
);

async function decodeStream(body: Buffer, format: 'gzip'): Promise<string> {
  return new Response(new Blob([body]).stream().pipeThrough(new DecompressionStream(format))).text();
}

describe('precompressed document', () => {
  it('decodes to the plain document in gzip and brotli, for random static and changing parts', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(text, { minLength: 1, maxLength: 4 }),
        fc.array(fc.array(text, { minLength: 4, maxLength: 4 }), { minLength: 1, maxLength: 3 }),
        async (statics, requests) => {
          const doc = await precompressDocument(statics);
          for (const request of requests) {
            const dynamic = request.slice(0, statics.length - 1);
            const plain = statics.reduce((s, part, k) => s + (k > 0 ? dynamic[k - 1] : '') + part, '');
            expect(doc.encode(dynamic, 'identity').toString('utf8')).toBe(
              Buffer.from(plain, 'utf8').toString('utf8'),
            );
            expect(gunzipSync(doc.encode(dynamic, 'gzip'))).toEqual(Buffer.from(plain, 'utf8'));
            expect(brotliDecompressSync(doc.encode(dynamic, 'br'))).toEqual(Buffer.from(plain, 'utf8'));
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('holds for a large head and large changing parts (several brotli meta-blocks of every length field)', async () => {
    const doc = await precompressDocument([STYLE, '</head><body><div id="root"></div>', '</body></html>']);
    for (const size of [0, 1, 65_535, 65_536, 65_537, 1_048_577, 17_000_000]) {
      const json = `{"p":"${'Ё'.repeat(Math.floor(size / 2))}${'x'.repeat(size % 2)}"}`;
      const dynamic = ['<link rel="modulepreload">', json];
      const plain = Buffer.from(
        `${STYLE}<link rel="modulepreload"></head><body><div id="root"></div>${json}</body></html>`,
      );
      expect(gunzipSync(doc.encode(dynamic, 'gzip')).equals(plain), `gzip ${size}`).toBe(true);
      expect(brotliDecompressSync(doc.encode(dynamic, 'br')).equals(plain), `br ${size}`).toBe(true);
    }
  });

  it('decodes with the stream decoder browsers use, the CRC covers every part, and the size stays close to a whole gzip', async () => {
    const doc = await precompressDocument([STYLE, '</head><body>', '</body></html>']);
    const dynamic = ['<link rel="modulepreload">', `<script>${'{"name":"Заказ №1"}'.repeat(20)}</script>`];
    const body = doc.encode(dynamic, 'gzip');
    const plain = doc.encode(dynamic, 'identity').toString();
    expect(await decodeStream(body, 'gzip')).toBe(plain);
    expect(body.length).toBeLessThan(gzipSync(plain).length * 1.2);
    const tampered = Buffer.from(body);
    tampered.writeUInt32LE((tampered.readUInt32LE(tampered.length - 8) ^ 1) >>> 0, tampered.length - 8);
    expect(() => gunzipSync(tampered)).toThrow();
  });

  it('answers brotli when accepted and not larger than gzip, gzip otherwise, and nothing when neither is accepted', async () => {
    const doc = await precompressDocument([STYLE, '</body></html>']);
    const small = ['<script>{"id":1}</script>'];
    expect(doc.render(small, 'gzip, deflate, br').encoding).toBe('br');
    expect(doc.render(small, 'br').encoding).toBe('br');
    expect(doc.render(small, 'gzip').encoding).toBe('gzip');
    expect(doc.render(small, 'gzip, br;q=0').encoding).toBe('gzip');
    expect(doc.render(small, 'deflate').encoding).toBeNull();
    expect(doc.render(small, undefined).encoding).toBeNull();
    expect(doc.render(small, 'gzip;q=0, identity').encoding).toBeNull();
    const br = doc.render(small, 'br, gzip').body;
    expect(br.length).toBeLessThanOrEqual(doc.encode(small, 'gzip').length);
    expect(br.length).toBe(doc.encode(small, 'br').length);
    // Changing parts too large to send uncompressed: gzip, unless brotli is all the client takes.
    const large = [`<script>${'{"name":"Бумага"}'.repeat(2000)}</script>`];
    expect(doc.render(large, 'gzip, deflate, br').encoding).toBe('gzip');
    expect(doc.render(large, 'br').encoding).toBe('br');
    expect(brotliDecompressSync(doc.render(large, 'br').body).toString()).toBe(
      `${STYLE}${large[0]}</body></html>`,
    );
    expect(() => doc.render([], 'gzip')).toThrow();
  });

  it('compresses the static head about as well as brotli does the whole page', async () => {
    const doc = await precompressDocument([STYLE, '</body></html>']);
    const dynamic = ['<script>{"id":1}</script>'];
    const plain = doc.encode(dynamic, 'identity');
    expect(doc.encode(dynamic, 'br').length).toBeLessThan(brotliCompressSync(plain).length + 64);
  });

  it('combines CRC-32s as zlib does', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), fc.uint8Array({ maxLength: 200 }), (a, b) => {
        const combined = (multModP(x8nModP(b.length), crc32(a)) ^ crc32(b)) >>> 0;
        expect(combined).toBe(crc32(Buffer.concat([a, b])));
      }),
    );
    for (const n of [0, 1, 65_536, 65_537, 1_048_576, 1_048_577, 16_777_216, 16_777_217, 40_000_000]) {
      expect(brotliStored(Buffer.alloc(n)).length, String(n)).toBe(brotliStoredLength(n));
    }
  });

  it('remembers at most its limit of Accept-Encoding headers, whatever a client sends', async () => {
    const memo = new BoundedMemo<string>(3);
    for (let i = 0; i < 1000; i++) memo.set(`gzip;q=0.${i}`, 'gzip');
    expect(memo.size).toBeLessThanOrEqual(3);
    memo.set('br', 'br');
    expect(memo.get('br')).toBe('br');
    const doc = await precompressDocument([STYLE, '</body></html>']);
    for (let i = 0; i < 500; i++) doc.render(['x'], `gzip, x-${i}`);
    expect(gunzipSync(doc.render(['x'], 'gzip, x-last').body).toString()).toBe(`${STYLE}x</body></html>`);
  });
});

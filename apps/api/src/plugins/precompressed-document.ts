import { promisify } from 'node:util';
import { brotliCompress, constants, crc32, deflateRaw, deflateRawSync } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';

/**
 * A document made of parts that never change (a page's head with its inline stylesheet, its closing
 * tags) and parts that change per answer (the embedded order), served gzip- or brotli-compressed
 * with only the changing parts worked on per answer. The unchanging parts are compressed once.
 *
 * gzip (RFC 1952 around RFC 1951 deflate): every part is deflated by a fresh compressor and ends with a
 * sync flush (byte-aligned, not final, no back-reference into another part), so the parts follow one
 * another as one deflate stream, closed by an empty final block; the CRC-32 of the whole is combined
 * from the parts' (`crc32Combine`). One member, not several concatenated, because browsers need not
 * read past the first.
 *
 * brotli (RFC 7932): only the first part can be compressed ahead, because a brotli meta-block depends on
 * what the decoder has seen before it (its last distances, the literal context of the two bytes before
 * it), so a part compressed on its own cannot follow another. The first part is compressed once and
 * flushed (byte-aligned, not last); everything after it follows as uncompressed meta-blocks, then an
 * empty last meta-block. Such an answer costs no compression at all, and is larger than a whole
 * brotli by what the later parts would have shrunk: `render` answers gzip instead when that is smaller
 * (when the uncompressed later parts outweigh what brotli saves on the first).
 */
export interface PrecompressedDocument {
  /** How many static parts it has (one changing part between each two). */
  parts: number;
  /**
   * The document for `dynamic` (one string between each two static parts: `statics.length - 1` of
   * them), in the best encoding `acceptEncoding` allows: brotli, gzip or none.
   */
  render(dynamic: readonly string[], acceptEncoding: string | undefined): RenderedDocument;
  /** The document in one encoding (tests; the server uses `render`). */
  encode(dynamic: readonly string[], encoding: Encoding): Buffer;
}

export type Encoding = 'br' | 'gzip' | 'identity';
export interface RenderedDocument {
  body: Buffer;
  /** The Content-Encoding to send; null for none. */
  encoding: 'br' | 'gzip' | null;
}

// ID1 ID2, CM = deflate, no flags, no modification time, no extra flags, OS unknown.
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff]);
// A final fixed-Huffman block holding only its end code (BFINAL 1, BTYPE 01, code 0000000): what
// zlib itself writes when a stream that was just flushed is finished.
const DEFLATE_END = Buffer.from([0x03, 0x00]);
// ISLAST 1, ISLASTEMPTY 1, padded to the byte.
const BROTLI_END = Buffer.from([0x03]);
// A brotli meta-block holds at most 2^24 bytes.
const BROTLI_MAX_BLOCK = 1 << 24;

/**
 * The negotiator's memo of Accept-Encoding headers. The header is the client's to choose, so the memo
 * is bounded: browsers send a handful of distinct values, and anything past that is forgotten at once
 * rather than kept (a client sending a new value per request must not grow the process's memory).
 */
export class BoundedMemo<V> extends Map<string, V> {
  constructor(private readonly limit: number) {
    super();
  }
  override set(key: string, value: V): this {
    if (this.size >= this.limit && !this.has(key)) this.clear();
    return super.set(key, value);
  }
}
const ACCEPT_MEMO_SIZE = 64;
const negotiator = new Negotiator({
  supportedValues: ['br', 'gzip'],
  cache: new BoundedMemo(ACCEPT_MEMO_SIZE),
});
const gzipNegotiator = new Negotiator({
  supportedValues: ['gzip'],
  cache: new BoundedMemo(ACCEPT_MEMO_SIZE),
});
const deflateRawAsync = promisify(deflateRaw);
const brotliAsync = promisify(brotliCompress);

interface StaticPart {
  bytes: Buffer;
  /** Raw deflate, sync-flushed. */
  deflated: Buffer;
  crc: number;
  /** Multiplying a CRC by this (`multModP`) shifts it over this part's length. */
  shift: number;
  /** Uncompressed brotli meta-blocks of the part (every part but the first). */
  stored: Buffer;
}

/**
 * Compresses the unchanging parts (off the main thread: brotli at its best quality takes a while for
 * 58 KB) and returns the document's renderer.
 */
export async function precompressDocument(statics: readonly string[]): Promise<PrecompressedDocument> {
  if (statics.length === 0) throw new Error('a document needs at least one static part');
  const parts: StaticPart[] = await Promise.all(
    statics.map(async (text, index) => {
      const bytes = Buffer.from(text, 'utf8');
      return {
        bytes,
        deflated: await deflateRawAsync(bytes, { level: 9, finishFlush: constants.Z_SYNC_FLUSH }),
        crc: crc32(bytes),
        shift: x8nModP(bytes.length),
        stored: index === 0 ? Buffer.alloc(0) : brotliStored(bytes),
      };
    }),
  );
  const first = parts[0] as StaticPart;
  // The stream header and the first part, flushed. An empty part still gives the header and an empty
  // metadata block that byte-aligns it.
  const brotliHead = await brotliAsync(first.bytes, {
    finishFlush: constants.BROTLI_OPERATION_FLUSH,
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: first.bytes.length,
    },
  });
  const staticGzip = parts.reduce((n, p) => n + p.deflated.length, GZIP_HEADER.length + 10);
  const staticBrotli = parts.reduce((n, p) => n + p.stored.length, brotliHead.length + 1);
  const dynamicCount = parts.length - 1;

  function check(dynamic: readonly string[]) {
    if (dynamic.length !== dynamicCount) {
      throw new Error(`the document takes ${dynamicCount} changing parts, not ${dynamic.length}`);
    }
  }

  function gzip(dynamic: readonly Buffer[]): Buffer {
    const chunks: Buffer[] = [GZIP_HEADER, first.deflated];
    let crc = first.crc;
    let size = first.bytes.length;
    for (let k = 0; k < dynamic.length; k++) {
      const bytes = dynamic[k] as Buffer;
      const part = parts[k + 1] as StaticPart;
      if (bytes.length > 0) {
        chunks.push(deflateRawSync(bytes, { finishFlush: constants.Z_SYNC_FLUSH }));
        crc = crc32(bytes, crc);
      }
      chunks.push(part.deflated);
      crc = (multModP(part.shift, crc) ^ part.crc) >>> 0;
      size += bytes.length + part.bytes.length;
    }
    const trailer = Buffer.allocUnsafe(8);
    trailer.writeUInt32LE(crc, 0);
    // ISIZE: the whole input's length modulo 2^32.
    trailer.writeUInt32LE(size % 2 ** 32, 4);
    chunks.push(DEFLATE_END, trailer);
    return Buffer.concat(chunks);
  }

  function brotli(dynamic: readonly Buffer[]): Buffer {
    const chunks: Buffer[] = [brotliHead];
    for (let k = 0; k < dynamic.length; k++) {
      chunks.push(brotliStored(dynamic[k] as Buffer), (parts[k + 1] as StaticPart).stored);
    }
    chunks.push(BROTLI_END);
    return Buffer.concat(chunks);
  }

  function identity(dynamic: readonly Buffer[]): Buffer {
    const chunks: Buffer[] = [first.bytes];
    for (let k = 0; k < dynamic.length; k++)
      chunks.push(dynamic[k] as Buffer, (parts[k + 1] as StaticPart).bytes);
    return Buffer.concat(chunks);
  }

  const encode = (dynamic: readonly string[], encoding: Encoding): Buffer => {
    check(dynamic);
    const bytes = dynamic.map((text) => Buffer.from(text, 'utf8'));
    return encoding === 'br' ? brotli(bytes) : encoding === 'gzip' ? gzip(bytes) : identity(bytes);
  };

  return {
    parts: parts.length,
    encode,
    render(dynamic, acceptEncoding) {
      check(dynamic);
      const bytes = dynamic.map((text) => Buffer.from(text, 'utf8'));
      const accepted = acceptEncoding ? negotiator.negotiate(acceptEncoding) : null;
      if (accepted === null) return { body: identity(bytes), encoding: null };
      const gzipAccepted = accepted === 'gzip' || gzipNegotiator.negotiate(acceptEncoding as string) !== null;
      if (accepted === 'br') {
        // Brotli's answer is its static bytes plus the changing ones uncompressed: its size is known
        // without compressing anything. When that is no larger than gzip's
        // static bytes alone it cannot be larger than gzip's answer; otherwise the smaller one goes.
        const brotliSize = bytes.reduce((n, b) => n + brotliStoredLength(b.length), staticBrotli);
        if (!gzipAccepted || brotliSize <= staticGzip) return { body: brotli(bytes), encoding: 'br' };
        const gzipped = gzip(bytes);
        if (brotliSize < gzipped.length) return { body: brotli(bytes), encoding: 'br' };
        return { body: gzipped, encoding: 'gzip' };
      }
      if (gzipAccepted) return { body: gzip(bytes), encoding: 'gzip' };
      return { body: identity(bytes), encoding: null };
    },
  };
}

/** MNIBBLES: the fewest nibbles that hold MLEN - 1 (4, 5 or 6; more than needed is invalid). */
const nibblesOf = (mlen: number) => (mlen < 1 << 16 ? 4 : mlen < 1 << 20 ? 5 : 6);
/** Bytes of a meta-block header: ISLAST, MNIBBLES, MLEN - 1, ISUNCOMPRESSED, padding. */
const storedHeaderBytes = (mlen: number) => Math.ceil((4 + 4 * nibblesOf(mlen)) / 8);

/** The length of `brotliStored` of `n` bytes. */
export function brotliStoredLength(n: number): number {
  let length = n;
  for (let at = 0; at < n; at += BROTLI_MAX_BLOCK)
    length += storedHeaderBytes(Math.min(BROTLI_MAX_BLOCK, n - at) - 1);
  return length;
}

/** `bytes` as uncompressed brotli meta-blocks (none for no bytes). */
export function brotliStored(bytes: Buffer): Buffer {
  const chunks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += BROTLI_MAX_BLOCK) {
    const block = bytes.subarray(at, at + BROTLI_MAX_BLOCK);
    const mlen = block.length - 1;
    const nibbles = nibblesOf(mlen);
    // Bits, first at the lowest: ISLAST 0, MNIBBLES - 4 (2 bits), MLEN - 1, ISUNCOMPRESSED 1, then
    // zeros to the byte boundary. At most 28 bits: a 32-bit integer holds them.
    const bits = ((nibbles - 4) << 1) | (mlen << 3) | (1 << (3 + 4 * nibbles));
    const headerBytes = storedHeaderBytes(mlen);
    const header = Buffer.alloc(headerBytes);
    for (let b = 0; b < headerBytes; b++) header[b] = (bits >>> (8 * b)) & 0xff;
    chunks.push(header, block);
  }
  return Buffer.concat(chunks);
}

// CRC-32 of a concatenation from its parts' CRCs (zlib's crc32_combine, which Node's zlib does not
// expose): crc(A·B) = crc(A)·x^(8·|B|) mod P xor crc(B), in zlib's reflected bit order.
const POLY = 0xedb88320;

/** a(x)·b(x) modulo the CRC-32 polynomial (reflected: x^0 is the highest bit). */
export function multModP(a: number, b: number): number {
  let m = 0x80000000;
  let p = 0;
  let bb = b >>> 0;
  for (;;) {
    if ((a & m) !== 0) {
      p ^= bb;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    if (m === 0) break;
    bb = bb & 1 ? (bb >>> 1) ^ POLY : bb >>> 1;
  }
  return p >>> 0;
}

// x^(2^k) modulo P for k = 0…31.
const X2N: number[] = [];
{
  let p = 1 << 30; // x^1
  for (let k = 0; k < 32; k++) {
    X2N.push(p >>> 0);
    p = multModP(p, p);
  }
}

/** x^(8·n) modulo P: the factor that moves a CRC past n more bytes. */
export function x8nModP(n: number): number {
  let p = 0x80000000; // x^0
  let k = 3;
  for (let rest = n; rest > 0; rest = Math.floor(rest / 2), k++) {
    if (rest % 2 === 1) p = multModP(X2N[k & 31] as number, p);
  }
  return p >>> 0;
}

import { constants, crc32, deflateRawSync } from 'node:zlib';

/**
 * Gzip for a document whose long start never changes and whose short rest does (the buyer's page: a
 * 58 KB head with the inline stylesheet, then the page's preloads and the order). The head is
 * compressed once; each answer compresses only the rest and joins them into one gzip member
 * (RFC 1952): the head's deflate blocks end with a sync flush (byte-aligned, none of them final), so
 * the rest's blocks, compressed on their own, follow them as one deflate stream; the CRC-32 runs on
 * from the head's. One member, not two concatenated, because browsers need not read past the first.
 */
export interface GzipHead {
  blocks: Buffer;
  crc: number;
  size: number;
}

// ID1 ID2, CM = deflate, no flags, no modification time, no extra flags, OS unknown.
const HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff]);

export function compressHead(head: string): GzipHead {
  const bytes = Buffer.from(head, 'utf8');
  return {
    blocks: deflateRawSync(bytes, { level: 9, finishFlush: constants.Z_SYNC_FLUSH }),
    crc: crc32(bytes),
    size: bytes.length,
  };
}

/** The gzip of head + rest, compressing only `rest`. */
export function gzipAfterHead(head: GzipHead, rest: string): Buffer {
  const bytes = Buffer.from(rest, 'utf8');
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc32(bytes, head.crc), 0);
  // ISIZE: the whole input's length modulo 2^32.
  trailer.writeUInt32LE((head.size + bytes.length) % 2 ** 32, 4);
  return Buffer.concat([HEADER, head.blocks, deflateRawSync(bytes), trailer]);
}

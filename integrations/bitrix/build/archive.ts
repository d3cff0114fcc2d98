import { createReadStream, createWriteStream, readFileSync } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { extract, pack } from 'tar-stream';

/**
 * A .tar.gz of `files` (paths relative to `root`) under the folder `prefix/`, the same bytes for the
 * same files: entries sorted, one modification time, fixed owner and modes.
 */
export async function writeTarGz(root: string, files: string[], prefix: string, mtime: Date, out: string) {
  const tar = pack();
  const done = pipeline(tar, createGzip({ level: 9 }), createWriteStream(out));
  const folders = new Set<string>();
  tar.entry({ name: `${prefix}/`, type: 'directory', mode: 0o755, mtime, uid: 0, gid: 0 });
  for (const file of [...files].sort()) {
    const parts = file.split(path.sep);
    for (let i = 1; i < parts.length; i += 1) {
      const folder = parts.slice(0, i).join('/');
      if (folders.has(folder)) continue;
      folders.add(folder);
      tar.entry({ name: `${prefix}/${folder}/`, type: 'directory', mode: 0o755, mtime, uid: 0, gid: 0 });
    }
    const body = readFileSync(path.join(root, file));
    await new Promise<void>((resolve, reject) => {
      tar.entry(
        { name: `${prefix}/${parts.join('/')}`, mode: 0o644, mtime, uid: 0, gid: 0 },
        body,
        (error) => (error ? reject(error) : resolve()),
      );
    });
  }
  tar.finalize();
  await done;
}

/** The files of a .tar.gz: name → bytes (folders left out). */
export async function readTarGz(file: string): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  const reader = extract();
  reader.on('entry', (header, stream, next) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: unknown) => chunks.push(chunk as Buffer));
    stream.on('end', () => {
      if (header.type === 'file') files.set(header.name, Buffer.concat(chunks));
      next();
    });
  });
  await pipeline(createReadStream(file), createGunzip(), reader);
  return files;
}

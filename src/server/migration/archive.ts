/**
 * The backup archive's container: a gzip-compressed tar (npm `tar`, the package npm itself uses) of in-memory
 * files. Entries are written with a fixed mode and time (`portable`), so the same content makes the same tar.
 * Reading is strict: a damaged gzip stream, a truncated tar or a non-tar file is an error, never a partial result.
 */
import { Header, Pack, Parser, ReadEntry } from 'tar';
import { Readable } from 'node:stream';

export interface ArchiveFile {
  path: string;
  bytes: Uint8Array;
}

/** A readable .tar.gz stream of `files`, in order. */
export function packArchive(files: Iterable<ArchiveFile>, mtime: Date): Readable {
  const pack = new Pack({ gzip: true, portable: true });
  for (const file of files) {
    const bytes = Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength);
    const entry = new ReadEntry(
      new Header({ path: file.path, mode: 0o644, size: bytes.length, type: 'File', mtime }),
    );
    pack.add(entry);
    entry.end(bytes);
  }
  pack.end();
  // Pack is a Minipass stream, not a stream.Readable (Readable.toWeb refuses it); both are async iterables.
  return Readable.from(pack, { objectMode: false });
}

export async function packArchiveToBuffer(files: Iterable<ArchiveFile>, mtime: Date): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of packArchive(files, mtime)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export class ArchiveReadError extends Error {
  override readonly name = 'ArchiveReadError';
}

/** Every file of a .tar.gz, by path; anything but a regular file (links, devices, directories) is refused. */
export async function unpackArchive(archive: Uint8Array): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  const parser = new Parser({
    strict: true,
    onReadEntry: (entry) => {
      if (entry.type !== 'File' && entry.type !== 'OldFile') {
        parser.emit('error', new ArchiveReadError(`unexpected ${entry.type} entry ${entry.path}`));
        entry.resume();
        return;
      }
      const parts: Buffer[] = [];
      entry.on('data', (chunk: Buffer) => parts.push(chunk));
      entry.on('end', () => {
        if (files.has(entry.path)) parser.emit('error', new ArchiveReadError(`${entry.path} appears twice`));
        files.set(entry.path, Buffer.concat(parts));
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    const fail = (error: unknown) =>
      reject(
        error instanceof ArchiveReadError
          ? error
          : new ArchiveReadError(error instanceof Error ? error.message : String(error)),
      );
    parser.on('error', fail);
    parser.on('warn', (code: string, message: string | Error) =>
      fail(new ArchiveReadError(`${code}: ${message instanceof Error ? message.message : message}`)),
    );
    parser.on('end', () => resolve());
    parser.end(Buffer.from(archive.buffer, archive.byteOffset, archive.byteLength));
  });
  return files;
}

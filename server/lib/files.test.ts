import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { checkKey, type FileStorage } from './files';
import { createFileStorage } from './files.config';
import { createDiskStorage } from './files.disk';
import { createMemoryStorage } from './files.memory';
import { createS3Storage, PART_BYTES } from './files.s3';
import { chunksOf, concatBytes } from './streams';

const text = (value: string) => new TextEncoder().encode(value);

async function* chunks(...parts: Array<string | Uint8Array>): AsyncGenerator<Uint8Array> {
  for (const part of parts) yield typeof part === 'string' ? text(part) : part;
}

/** yields `parts`, then fails */
async function* failing(...parts: string[]): AsyncGenerator<Uint8Array> {
  yield* chunks(...parts);
  throw new Error('the body failed');
}

async function read(files: FileStorage, key: string): Promise<string | null> {
  const body = await files.get(key);
  if (!body) return null;
  const parts: Uint8Array[] = [];
  for await (const chunk of chunksOf(body)) parts.push(chunk);
  return new TextDecoder().decode(concatBytes(parts.length ? parts : [new Uint8Array(0)]));
}

const folders: string[] = [];
afterAll(() => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })));

/** every file under a folder, relative (temporary ones included) */
function listed(root: string, under = ''): string[] {
  return readdirSync(path.join(root, under), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? listed(root, path.join(under, entry.name)) : [path.join(under, entry.name)],
  );
}

/**
 * A local S3-compatible server (s3rver) for the s3 storage, one bucket per storage made. s3rver
 * has no AbortMultipartUpload (it answers 405 MethodNotAllowed) nor ListMultipartUploads: a
 * middleware put before its routes does the abort as S3 does (the upload's parts are deleted, 204;
 * an unknown upload 404), and the uploads still pending are read from s3rver's folder, so a put
 * that does not abort leaves an upload the leftovers show. `requests` records what the store was asked.
 */
const s3 = {
  directory: '',
  server: null as S3rver | null,
  client: null as S3Client | null,
  endpoint: '',
  buckets: 0,
  requests: [] as Array<{ method: string; path: string; query: string[] }>,
};
const S3_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
/** s3rver's folder of a bucket's pending multipart uploads, one folder per upload id */
const uploadsOf = (bucket: string) => path.join(s3.directory, bucket, '._S3rver_uploads');

beforeAll(async () => {
  s3.directory = mkdtempSync(path.join(tmpdir(), 'tessera-s3rver-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: s3.directory });
  server.middleware.unshift(async (ctx, next) => {
    s3.requests.push({ method: ctx.method, path: ctx.path, query: Object.keys(ctx.query).sort() });
    const uploadId = ctx.query.uploadId;
    if (ctx.method !== 'DELETE' || typeof uploadId !== 'string') return next();
    const upload = path.join(uploadsOf(ctx.path.split('/')[1]), uploadId);
    if (!/^[0-9a-f]+$/.test(uploadId) || !existsSync(upload)) {
      ctx.status = 404;
      return;
    }
    rmSync(upload, { recursive: true, force: true });
    ctx.status = 204;
  });
  const { port } = await server.run();
  s3.server = server;
  s3.endpoint = `http://127.0.0.1:${port}`;
  s3.client = new S3Client({ endpoint: s3.endpoint, region: 'us-east-1', forcePathStyle: true, credentials: S3_CREDENTIALS });
});
afterAll(async () => {
  s3.client?.destroy();
  await s3.server?.close();
  rmSync(s3.directory, { recursive: true, force: true });
});

/** a fresh bucket and an s3 storage on it; leftovers: its object keys, then its pending multipart uploads */
async function makeS3(): Promise<{ files: FileStorage; leftovers(): Promise<string[]>; bucket: string }> {
  const bucket = `files-${++s3.buckets}`;
  await s3.client!.send(new CreateBucketCommand({ Bucket: bucket }));
  const files = createS3Storage({ endpoint: s3.endpoint, bucket, region: 'us-east-1', ...S3_CREDENTIALS, forcePathStyle: true });
  async function leftovers() {
    const { Contents = [] } = await s3.client!.send(new ListObjectsV2Command({ Bucket: bucket }));
    const pending = existsSync(uploadsOf(bucket)) ? readdirSync(uploadsOf(bucket)).map((id) => `(multipart upload ${id})`) : [];
    return [...Contents.map((object) => object.Key!), ...pending];
  }
  return { files, leftovers, bucket };
}

/** The one behaviour every file storage has (lib/files.ts); `leftovers` lists what a storage holds, temporary files included. */
const storages: Array<{ name: string; make(): Promise<{ files: FileStorage; leftovers(): Promise<string[] | null> }> }> = [
  {
    name: 'disk',
    async make() {
      const root = mkdtempSync(path.join(tmpdir(), 'tessera-files-'));
      folders.push(root);
      return { files: createDiskStorage(root), leftovers: async () => listed(root) };
    },
  },
  { name: 'memory', make: async () => ({ files: createMemoryStorage(), leftovers: async () => null }) },
  { name: 's3', make: makeS3 },
];

describe.each(storages)('the $name file storage', ({ make }) => {
  it('gives back what was put, with its size, from an async iterable or a web stream', async () => {
    const { files } = await make();
    expect(await files.put('archives/a.pdf', chunks('%PDF-', 'one ', '', 'two'), 'application/pdf')).toEqual({ size: 12 });
    expect(await read(files, 'archives/a.pdf')).toBe('%PDF-one two');
    expect(await files.size('archives/a.pdf')).toBe(12);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(text('from a '));
        controller.enqueue(text('stream'));
        controller.close();
      },
    });
    expect(await files.put('b.csv', stream)).toEqual({ size: 13 });
    expect(await read(files, 'b.csv')).toBe('from a stream');
    expect(await files.put('empty.txt', chunks())).toEqual({ size: 0 });
    expect(await read(files, 'empty.txt')).toBe('');
    expect(await files.size('empty.txt')).toBe(0);
  });

  it('streams a large file back whole, in several chunks', async () => {
    const { files } = await make();
    const block = new Uint8Array(100_000).map((_, i) => i % 251);
    await files.put('big/file.bin', chunks(block, block, block));
    const body = (await files.get('big/file.bin'))!;
    const parts: Uint8Array[] = [];
    for await (const chunk of chunksOf(body)) parts.push(chunk);
    expect(parts.length).toBeGreaterThan(1);
    const whole = concatBytes(parts);
    expect(whole.byteLength).toBe(300_000);
    expect(whole.subarray(200_000)).toEqual(block);
  });

  it('replaces a file whole, and answers null for one that is not there', async () => {
    const { files } = await make();
    await files.put('archives/a.pdf', chunks('first version'));
    await files.put('archives/a.pdf', chunks('second'));
    expect(await read(files, 'archives/a.pdf')).toBe('second');
    expect(await files.size('archives/a.pdf')).toBe(6);
    expect(await files.get('archives/none.pdf')).toBeNull();
    expect(await files.size('archives/none.pdf')).toBeNull();
    expect(await files.get('archives')).toBeNull(); // a folder on disk is no file
  });

  it('is atomic: a put whose body fails throws its error and leaves nothing, and the previous file untouched', async () => {
    const { files, leftovers } = await make();
    await expect(files.put('archives/new.pdf', failing('half', ' of it'))).rejects.toThrow('the body failed');
    expect(await files.get('archives/new.pdf')).toBeNull();
    expect(await files.size('archives/new.pdf')).toBeNull();
    await files.put('archives/kept.pdf', chunks('the good one'));
    await expect(files.put('archives/kept.pdf', failing('a bad one'))).rejects.toThrow('the body failed');
    expect(await read(files, 'archives/kept.pdf')).toBe('the good one');
    const left = await leftovers();
    if (left) expect(left).toEqual([path.join('archives', 'kept.pdf')]);
  });

  it('removes a file, and removing one that is not there is no error', async () => {
    const { files } = await make();
    await files.put('archives/a.pdf', chunks('x'));
    await files.remove('archives/a.pdf');
    expect(await files.get('archives/a.pdf')).toBeNull();
    expect(await files.size('archives/a.pdf')).toBeNull();
    await expect(files.remove('archives/a.pdf')).resolves.toBeUndefined();
  });

  it('refuses keys that are not relative names, before touching anything', async () => {
    const { files, leftovers } = await make();
    for (const key of ['', '/etc/passwd', '../outside.pdf', 'archives/../../outside.pdf', 'archives/./a.pdf', 'archives//a.pdf', 'archives/', 'a\\b.pdf', '.hidden', 'C:/x.pdf', 'x'.repeat(600)]) {
      await expect(files.put(key, chunks('x')), key).rejects.toThrow(TypeError);
      await expect(files.get(key), key).rejects.toThrow(TypeError);
      await expect(files.size(key), key).rejects.toThrow(TypeError);
      await expect(files.remove(key), key).rejects.toThrow(TypeError);
    }
    expect((await leftovers()) ?? []).toEqual([]);
  });
});

describe('the probe of each file storage', () => {
  it.each(storages)('$name: answers while the storage is reachable, reading and writing no file', async ({ make }) => {
    const { files, leftovers } = await make();
    await expect(files.probe!()).resolves.toBeUndefined();
    const held = await leftovers();
    expect(held === null || held.length === 0, String(held)).toBe(true);
  });

  it('disk: throws when its folder cannot be made (a file in its place)', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'tessera-files-'));
    folders.push(root);
    await createDiskStorage(root).put('blocked', chunks('a file'));
    await expect(createDiskStorage(path.join(root, 'blocked')).probe!()).rejects.toMatchObject({ code: expect.stringMatching(/^(EEXIST|ENOTDIR)$/) });
  });

  it('s3: throws for a bucket that is not there, or a store that does not answer', { timeout: 30_000 }, async () => {
    const missing = createS3Storage({ endpoint: s3.endpoint, bucket: 'no-such-bucket', region: 'us-east-1', ...S3_CREDENTIALS, forcePathStyle: true });
    await expect(missing.probe!()).rejects.toThrow();
    const gone = createS3Storage({ endpoint: 'http://127.0.0.1:9', bucket: 'files-1', region: 'us-east-1', ...S3_CREDENTIALS, forcePathStyle: true });
    await expect(gone.probe!()).rejects.toThrow();
  });
});

describe('file keys', () => {
  it('are relative names of plain segments', () => {
    expect(checkKey('archives/batch-0b1c.pdf')).toBe('archives/batch-0b1c.pdf');
    expect(checkKey('a_b/c-d/e.f.g')).toBe('a_b/c-d/e.f.g');
    expect(() => checkKey('archives/..')).toThrow(TypeError);
  });
});

describe('the disk file storage', () => {
  it('writes under its folder, key segments as folders, and throws system errors with their code', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'tessera-files-'));
    folders.push(root);
    const files = createDiskStorage(root);
    await files.put('archives/batch-1.pdf', chunks('%PDF-'));
    expect(listed(root)).toEqual([path.join('archives', 'batch-1.pdf')]);
    // a file where the folder should be: the put fails as the file system says
    await files.put('blocked', chunks('a file'));
    await expect(files.put('blocked/x.pdf', chunks('x'))).rejects.toMatchObject({ code: expect.stringMatching(/^(EEXIST|ENOTDIR)$/) });
  });
});

/** `bytes` bytes of a repeating pattern, in 64 KiB chunks, then `error` thrown if given */
async function* generated(bytes: number, error?: Error): AsyncGenerator<Uint8Array> {
  const CHUNK = 64 * 1024;
  for (let at = 0; at < bytes; at += CHUNK) {
    yield new Uint8Array(Math.min(CHUNK, bytes - at)).map((_, i) => (at + i) % 251);
  }
  if (error) throw error;
}

async function sha256(source: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>): Promise<{ hash: string; bytes: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of chunksOf(source)) {
    hash.update(chunk);
    bytes += chunk.byteLength;
  }
  return { hash: hash.digest('hex'), bytes };
}

describe('the s3 file storage', () => {
  const LARGE = PART_BYTES + 1024;
  /** what the storage asked of the store about objects of `bucket`, as "METHOD query-names" (the SDK's x-id left out) */
  const asked = (bucket: string) =>
    s3.requests
      .filter((request) => request.path.startsWith(`/${bucket}/`) && request.path.length > bucket.length + 2)
      .map((request) => `${request.method} ${request.query.filter((name) => name !== 'x-id').join(',')}`.trim());

  it('sends a body of one part in one PutObject, and a larger one as a multipart upload that reads back whole', { timeout: 60_000 }, async () => {
    const { files, leftovers, bucket } = await makeS3();
    expect(await files.put('archives/one-part.bin', generated(PART_BYTES), 'text/csv')).toEqual({ size: PART_BYTES });
    expect(asked(bucket)).toEqual(['PUT']);
    expect(await files.size('archives/one-part.bin')).toBe(PART_BYTES);

    s3.requests.length = 0;
    expect(await files.put('archives/large.bin', generated(LARGE), 'application/pdf')).toEqual({ size: LARGE });
    expect(asked(bucket)).toEqual(['POST uploads', 'PUT partNumber,uploadId', 'PUT partNumber,uploadId', 'POST uploadId']);
    expect(await files.size('archives/large.bin')).toBe(LARGE);
    expect(await sha256((await files.get('archives/large.bin'))!)).toEqual(await sha256(generated(LARGE)));
    expect(await leftovers()).toEqual(['archives/large.bin', 'archives/one-part.bin']);
    // the content type goes with the object either way (a download link to the bucket serves it)
    const typeOf = async (Key: string) => (await s3.client!.send(new HeadObjectCommand({ Bucket: bucket, Key }))).ContentType;
    expect(await typeOf('archives/one-part.bin')).toBe('text/csv');
    expect(await typeOf('archives/large.bin')).toBe('application/pdf');
  });

  it('aborts a multipart upload whose body fails after the first part: no object, no parts left, the previous object kept', { timeout: 60_000 }, async () => {
    const { files, leftovers, bucket } = await makeS3();
    await expect(files.put('archives/new.bin', generated(LARGE, new Error('the body failed')))).rejects.toThrow('the body failed');
    expect(asked(bucket)).toEqual(['POST uploads', 'PUT partNumber,uploadId', 'DELETE uploadId']);
    expect(await files.get('archives/new.bin')).toBeNull();
    expect(await leftovers()).toEqual([]);

    await files.put('archives/kept.bin', generated(100));
    await expect(files.put('archives/kept.bin', generated(LARGE, new Error('the body failed')))).rejects.toThrow('the body failed');
    expect(await files.size('archives/kept.bin')).toBe(100);
    expect(await leftovers()).toEqual(['archives/kept.bin']);
  });
});

describe('the configured file storage', () => {
  it('is the folder DATA_DIR by default, and the S3_BUCKET bucket with FILE_STORAGE=s3', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'tessera-files-'));
    folders.push(dataDir);
    const onDisk = await createFileStorage(loadConfig({ DATA_DIR: dataDir }));
    await onDisk.put('archives/a.pdf', chunks('on disk'));
    expect(listed(dataDir)).toEqual([path.join('archives', 'a.pdf')]);

    const { bucket, leftovers } = await makeS3();
    const inBucket = await createFileStorage(
      loadConfig({ DATA_DIR: dataDir, FILE_STORAGE: 's3', S3_BUCKET: bucket, S3_ENDPOINT: s3.endpoint, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER', S3_FORCE_PATH_STYLE: 'true' }),
    );
    await inBucket.put('archives/b.pdf', chunks('in the bucket'));
    expect(await leftovers()).toEqual(['archives/b.pdf']);
    expect(await read(inBucket, 'archives/b.pdf')).toBe('in the bucket');
    expect(listed(dataDir)).toEqual([path.join('archives', 'a.pdf')]);
  });
});

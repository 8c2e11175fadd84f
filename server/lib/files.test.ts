import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, CreateMultipartUploadCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client, UploadPartCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config';
import { checkKey, WRITE_HEARTBEAT_MS, type FileStorage } from './files';
import { createFileStorage } from './files.config';
import { createDiskStorage } from './files.disk';
import { createMemoryStorage } from './files.memory';
import { createS3Storage, PART_BYTES } from './files.s3';
import { chunksOf, concatBytes } from './streams';
import { S3RVER_CREDENTIALS, startS3rver, type TestS3 } from '../test/s3rver';

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

/** the local S3-compatible server (test/s3rver.ts: with ListMultipartUploads and AbortMultipartUpload), one bucket per storage made */
const s3 = {
  directory: '',
  server: null as TestS3 | null,
  client: null as S3Client | null,
  endpoint: '',
  buckets: 0,
  get requests() {
    return this.server!.requests;
  },
};
const S3_CREDENTIALS = S3RVER_CREDENTIALS;
const uploadsOf = (bucket: string) => s3.server!.uploadsOf(bucket);

beforeAll(async () => {
  s3.directory = mkdtempSync(path.join(tmpdir(), 'tessera-s3rver-'));
  s3.server = await startS3rver(s3.directory);
  s3.endpoint = s3.server.endpoint;
  s3.client = new S3Client({ endpoint: s3.endpoint, region: 'us-east-1', forcePathStyle: true, credentials: S3_CREDENTIALS });
});
afterAll(async () => {
  s3.client?.destroy();
  await s3.server?.server.close();
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
    // the upload's heartbeat marker goes up with it and is deleted when it completes
    expect(asked(bucket)).toEqual(['POST uploads', 'PUT', 'PUT partNumber,uploadId', 'PUT partNumber,uploadId', 'POST uploadId', 'DELETE']);
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
    expect(asked(bucket)).toEqual(['POST uploads', 'PUT', 'PUT partNumber,uploadId', 'DELETE uploadId', 'DELETE']);
    expect(await files.get('archives/new.bin')).toBeNull();
    expect(await leftovers()).toEqual([]);

    await files.put('archives/kept.bin', generated(100));
    await expect(files.put('archives/kept.bin', generated(LARGE, new Error('the body failed')))).rejects.toThrow('the body failed');
    expect(await files.size('archives/kept.bin')).toBe(100);
    expect(await leftovers()).toEqual(['archives/kept.bin']);
  });
});

/** a body that yields `bytes` bytes, then waits for `release()` before it ends (a write in progress) */
function stalled(bytes: number): { body: AsyncGenerator<Uint8Array>; release(): void; waiting: Promise<void> } {
  let release!: () => void;
  let reached!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const waiting = new Promise<void>((resolve) => (reached = resolve));
  async function* body() {
    yield* generated(bytes);
    reached();
    await released;
  }
  return { body: body(), release, waiting };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const HOUR = 3_600_000;

describe('the sweep of unfinished writes (a process killed mid-put)', () => {
  it('disk: removes temporary files older than the bound anywhere under the folder, keeps fresh ones, finished files and a put in progress, whose heartbeat keeps its file fresh', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'tessera-files-'));
    folders.push(root);
    const files = createDiskStorage(root);
    await files.put('reports/done.csv', chunks('whole'));
    // the debris of two killed puts, an hour and a half ago, one folder deep and two
    const old = new Date(Date.now() - 1.5 * HOUR);
    const uuid = () => crypto.randomUUID();
    const debris = [path.join('reports', `.a.csv.${uuid()}.part`), path.join('archives', 'x', `.batch-1.pdf.${uuid()}.part`)];
    // kept: a recent temporary file, an old finished file, and an old file only named like a temporary one
    const kept = [path.join('reports', `.b.csv.${uuid()}.part`), path.join('reports', 'old.csv'), path.join('reports', 'notes.part')];
    for (const file of [...debris, ...kept]) {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), 'partial');
    }
    for (const file of [...debris, kept[1], kept[2]]) utimesSync(path.join(root, file), old, old);

    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const writing = stalled(1024);
      const put = files.put('reports/live.csv', writing.body);
      await writing.waiting;
      // (the temporary file is opened while the first bytes wait for it)
      const live = await vi.waitFor(() => {
        const [found] = listed(root).filter((file) => file.startsWith(path.join('reports', '.live.csv.')));
        expect(found).toMatch(/\.part$/);
        return found;
      });
      // its process stalls long: no bytes for an hour and a half, but the heartbeat moves its mtime
      utimesSync(path.join(root, live), old, old);
      vi.advanceTimersByTime(WRITE_HEARTBEAT_MS);
      await vi.waitFor(() => expect(statSync(path.join(root, live)).mtimeMs).toBeGreaterThan(Date.now() - 60_000));

      expect(await files.sweepUnfinished!(new Date(Date.now() - HOUR))).toBe(2);
      expect(listed(root).sort()).toEqual([...kept, path.join('reports', 'done.csv'), live].sort());
      writing.release();
      expect(await put).toEqual({ size: 1024 });
    } finally {
      vi.useRealTimers();
    }
    expect(listed(root).sort()).toEqual([...kept, path.join('reports', 'done.csv'), path.join('reports', 'live.csv')].sort());
    expect(await files.sweepUnfinished!(new Date(Date.now() + 1000))).toBe(1); // the recent one, once the bound passes it
    // a folder not made yet: nothing to sweep
    expect(await createDiskStorage(path.join(root, 'none')).sweepUnfinished!(new Date())).toBe(0);
  });

  it('s3: aborts the multipart uploads started before the bound whose heartbeat marker is missing or older, deletes old markers, keeps a put in progress', { timeout: 60_000 }, async () => {
    const { files, leftovers, bucket } = await makeS3();
    const client = s3.client!;
    const pending = () => s3.server!.pendingUploads(bucket);
    await files.put('reports/done.csv', generated(100));

    // a killed put: an upload with a part, no marker (killed before it) — and one whose marker stopped beating
    const started = Date.now();
    const start = async (Key: string) => {
      const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key }));
      await client.send(new UploadPartCommand({ Bucket: bucket, Key, UploadId, PartNumber: 1, Body: new Uint8Array(1024) }));
      return UploadId!;
    };
    const killed = await start('reports/killed.csv');
    const beating = await start('reports/beating.csv');
    // a marker without an upload: a put that ended, then died before deleting it
    await client.send(new PutObjectCommand({ Bucket: bucket, Key: '.unfinished/ended', Body: 'reports/ended.csv' }));
    await sleep(2100); // S3 times are whole seconds: the marker below is at least a second after the starts
    await client.send(new PutObjectCommand({ Bucket: bucket, Key: `.unfinished/${beating}`, Body: 'reports/beating.csv' }));

    // started after the bound: nothing is touched
    expect(await files.sweepUnfinished!(new Date(started - HOUR))).toBe(0);
    expect(pending().sort()).toEqual([killed, beating].sort());
    // the bound after the starts, before the marker's last beat: the unmarked upload and the old marker go
    expect(await files.sweepUnfinished!(new Date(started + 1000))).toBe(2);
    expect(pending()).toEqual([beating]);
    expect(await leftovers()).toEqual([`.unfinished/${beating}`, 'reports/done.csv', `(multipart upload ${beating})`]);

    // a put in progress (past its first part): its marker beats, and the sweep leaves it alone
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const writing = stalled(PART_BYTES + 1024);
      const put = files.put('reports/live.csv', writing.body);
      await writing.waiting;
      await vi.waitFor(() => expect(pending()).toHaveLength(2));
      const live = pending().find((id) => id !== beating)!;
      s3.requests.length = 0;
      vi.advanceTimersByTime(WRITE_HEARTBEAT_MS);
      await vi.waitFor(() => expect(s3.requests.map((r) => `${r.method} ${r.path}`)).toContain(`PUT /${bucket}/.unfinished/${live}`));
      expect(await files.sweepUnfinished!(new Date(Date.now() - HOUR))).toBe(0);
      expect(pending()).toContain(live);
      writing.release();
      expect(await put).toEqual({ size: PART_BYTES + 1024 });
    } finally {
      vi.useRealTimers();
    }
    expect(await files.size('reports/live.csv')).toBe(PART_BYTES + 1024);
    // everything past the bound: the stopped one goes with its marker; finished files stay
    expect(await files.sweepUnfinished!(new Date(Date.now() + 5000))).toBe(1);
    expect(await leftovers()).toEqual(['reports/done.csv', 'reports/live.csv']);
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

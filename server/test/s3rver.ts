import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import S3rver from 's3rver';

export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface TestS3 {
  server: S3rver;
  endpoint: string;
  /** what the store was asked, in order */
  requests: Array<{ method: string; path: string; query: string[] }>;
  /** s3rver's folder of a bucket's pending multipart uploads, one folder per upload id */
  uploadsOf(bucket: string): string;
  /** the ids of a bucket's pending multipart uploads */
  pendingUploads(bucket: string): string[];
}

/** Koa's context has a `type` (the answer's Content-Type) that the s3rver typings (vendor.d.ts) leave out */
const xmlAnswer = (ctx: object) => ((ctx as { type: string }).type = 'application/xml');
const xml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * A local S3-compatible server (s3rver) in `directory`. s3rver has no AbortMultipartUpload (it
 * answers 405 MethodNotAllowed) nor ListMultipartUploads (501): a middleware put before its
 * routes does both as S3 does, over s3rver's own folder of pending uploads — the abort deletes the
 * upload's parts (204; an unknown upload 404 NoSuchUpload), the list names each pending upload
 * with its key and its folder's time as `Initiated` (one page: a test has few).
 */
export async function startS3rver(directory: string): Promise<TestS3> {
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory });
  const uploadsOf = (bucket: string) => path.join(directory, bucket, '._S3rver_uploads');
  const pendingUploads = (bucket: string) => (existsSync(uploadsOf(bucket)) ? readdirSync(uploadsOf(bucket)) : []);
  const requests: TestS3['requests'] = [];
  server.middleware.unshift(async (ctx, next) => {
    requests.push({ method: ctx.method, path: ctx.path, query: Object.keys(ctx.query).sort() });
    const [bucket, ...key] = ctx.path.split('/').filter(Boolean);
    if (ctx.method === 'GET' && key.length === 0 && 'uploads' in ctx.query) {
      const uploads = pendingUploads(bucket).map((id) => {
        const folder = path.join(uploadsOf(bucket), id);
        const initiated = statSync(folder).birthtime.getTime() ? statSync(folder).birthtime : statSync(folder).mtime;
        return `<Upload><Key>${xml(readFileSync(path.join(folder, 'key'), 'utf8'))}</Key><UploadId>${id}</UploadId><Initiated>${initiated.toISOString()}</Initiated><StorageClass>STANDARD</StorageClass></Upload>`;
      });
      xmlAnswer(ctx);
      ctx.body = `<?xml version="1.0" encoding="UTF-8"?><ListMultipartUploadsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Bucket>${xml(bucket)}</Bucket><KeyMarker></KeyMarker><UploadIdMarker></UploadIdMarker><MaxUploads>1000</MaxUploads><IsTruncated>false</IsTruncated>${uploads.join('')}</ListMultipartUploadsResult>`;
      return;
    }
    const uploadId = ctx.query.uploadId;
    if (ctx.method !== 'DELETE' || typeof uploadId !== 'string') return next();
    const upload = path.join(uploadsOf(bucket), uploadId);
    if (!/^[0-9a-f]+$/.test(uploadId) || !existsSync(upload)) {
      ctx.status = 404;
      xmlAnswer(ctx);
      ctx.body = '<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message></Error>';
      return;
    }
    rmSync(upload, { recursive: true, force: true });
    ctx.status = 204;
  });
  const { port } = await server.run();
  return { server, endpoint: `http://127.0.0.1:${port}`, requests, uploadsOf, pendingUploads };
}

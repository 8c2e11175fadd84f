import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
  type CompletedPart,
} from '@aws-sdk/client-s3';
import type { S3StorageConfig } from '../config';
import { checkKey, WRITE_HEARTBEAT_MS, type FileStorage } from './files';
import { chunksOf } from './streams';

/**
 * bytes per part of a multipart upload, and the most a put keeps in memory (S3 takes parts of
 * 5 MiB at least, the last one excepted, and 10,000 parts at most: 8 MiB parts allow 78 GiB)
 */
export const PART_BYTES = 8 * 1024 * 1024;

/** the SDK's "not there" (GetObject says NoSuchKey, HeadObject a bare 404 named NotFound) */
function notFound(error: unknown): boolean {
  const { name, $metadata } = (error ?? {}) as { name?: unknown; $metadata?: { httpStatusCode?: number } };
  return name === 'NoSuchKey' || name === 'NotFound' || $metadata?.httpStatusCode === 404;
}

/**
 * Where a multipart upload in progress keeps its heartbeat: an object `.unfinished/<UploadId>`
 * (its body the upload's key), written when the upload starts, rewritten every WRITE_HEARTBEAT_MS
 * and deleted when it ends. No file key starts with a dot (checkKey), so none is ever one of these.
 */
const MARKERS = '.unfinished/';
const markerOf = (uploadId: string) => `${MARKERS}${uploadId}`;

/**
 * Files as objects in a bucket, the key as the object's key: several server instances see the
 * same files (lib/files.ts). S3 shows an object only once its upload has completed, which makes
 * a put atomic: a body up to one part goes in one PutObject; a larger one as a multipart upload,
 * one part in memory at a time, aborted when anything fails (the parts uploaded so far are
 * dropped and the previous object stays). A process killed mid-upload cannot abort: its upload
 * stays, invisible but billed, until sweepUnfinished aborts it — every upload started before the
 * bound whose heartbeat marker (MARKERS) is missing or older than the bound — and deletes the
 * markers left by writes that ended without removing theirs. Node only: the demo's browser build
 * never imports it.
 */
export function createS3Storage(options: S3StorageConfig): FileStorage {
  const { accessKeyId, secretAccessKey } = options;
  const client = new S3Client({
    endpoint: options.endpoint ?? undefined,
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    // checksums only where S3 requires them: many S3-compatible stores refuse the SDK's default
    // CRC32 headers and trailers, and a multipart upload completed by ETags alone works everywhere
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = options.bucket;

  return {
    async put(key, body, contentType) {
      const Key = checkKey(key);
      // one part's bytes; reused once a part has gone up (send resolves after S3 has answered)
      const part = new Uint8Array(PART_BYTES);
      let filled = 0;
      let size = 0;
      let upload: { UploadId: string; parts: CompletedPart[] } | null = null;
      let heartbeat: NodeJS.Timeout | undefined;
      const beat = (UploadId: string) => client.send(new PutObjectCommand({ Bucket, Key: markerOf(UploadId), Body: Key, ContentType: 'text/plain' }));
      const sendPart = async (bytes: Uint8Array) => {
        const PartNumber = upload!.parts.length + 1;
        const { ETag } = await client.send(new UploadPartCommand({ Bucket, Key, UploadId: upload!.UploadId, PartNumber, Body: bytes, ContentLength: bytes.byteLength }));
        upload!.parts.push({ ETag, PartNumber });
      };
      try {
        for await (const chunk of chunksOf(body)) {
          size += chunk.byteLength;
          for (let at = 0; at < chunk.byteLength; ) {
            if (filled === PART_BYTES) {
              // a full part and more bytes to come: not the last part, so a multipart upload
              if (!upload) {
                const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket, Key, ContentType: contentType }));
                if (!UploadId) throw new Error(`S3 started no multipart upload for ${Key}`);
                upload = { UploadId, parts: [] };
                await beat(UploadId);
                // a failed beat is retried at the next one (sixty of them fit in the sweep's bound)
                heartbeat = setInterval(() => void beat(UploadId).catch(() => undefined), WRITE_HEARTBEAT_MS);
                heartbeat.unref();
              }
              await sendPart(part);
              filled = 0;
            }
            const taken = Math.min(PART_BYTES - filled, chunk.byteLength - at);
            part.set(chunk.subarray(at, at + taken), filled);
            filled += taken;
            at += taken;
          }
        }
        const rest = part.subarray(0, filled);
        if (!upload) {
          await client.send(new PutObjectCommand({ Bucket, Key, Body: rest, ContentLength: filled, ContentType: contentType }));
        } else {
          await sendPart(rest);
          await client.send(new CompleteMultipartUploadCommand({ Bucket, Key, UploadId: upload.UploadId, MultipartUpload: { Parts: upload.parts } }));
        }
      } catch (error) {
        if (upload) {
          // the error that stopped the put is the one thrown; an abort that fails too leaves parts
          // that only a bucket rule for incomplete multipart uploads removes (never an object)
          const { UploadId } = upload;
          await client.send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId })).catch(() => undefined);
        }
        throw error;
      } finally {
        clearInterval(heartbeat);
        // the marker goes with its upload (one left by a failed delete is swept once old)
        if (upload) await client.send(new DeleteObjectCommand({ Bucket, Key: markerOf(upload.UploadId) })).catch(() => undefined);
      }
      return { size };
    },
    async get(key) {
      const Key = checkKey(key);
      try {
        const { Body } = await client.send(new GetObjectCommand({ Bucket, Key }));
        if (!Body) return null;
        return Body.transformToWebStream() as ReadableStream<Uint8Array>;
      } catch (error) {
        if (notFound(error)) return null;
        throw error;
      }
    },
    async size(key) {
      const Key = checkKey(key);
      try {
        const { ContentLength } = await client.send(new HeadObjectCommand({ Bucket, Key }));
        return ContentLength ?? 0;
      } catch (error) {
        if (notFound(error)) return null;
        throw error;
      }
    },
    async remove(key) {
      const Key = checkKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key }));
    },
    async sweepUnfinished(olderThan) {
      let removed = 0;
      const removeMarker = (UploadId: string) => client.send(new DeleteObjectCommand({ Bucket, Key: markerOf(UploadId) }));
      // the uploads never completed nor aborted, alive only if their marker is fresh
      let KeyMarker: string | undefined;
      let UploadIdMarker: string | undefined;
      for (;;) {
        const page = await client.send(new ListMultipartUploadsCommand({ Bucket, KeyMarker, UploadIdMarker }));
        for (const { Key, UploadId, Initiated } of page.Uploads ?? []) {
          if (!Key || !UploadId || (Initiated && Initiated >= olderThan)) continue;
          const beat = await client.send(new HeadObjectCommand({ Bucket, Key: markerOf(UploadId) })).then(
            (found) => found.LastModified ?? null,
            (error: unknown) => {
              if (notFound(error)) return null;
              throw error;
            },
          );
          if (beat && beat >= olderThan) continue; // a put alive (here or on another instance)
          await client.send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId })).catch((error: unknown) => {
            // aborted meanwhile (another instance's sweep): nothing left
            if (!notFound(error) && (error as { name?: unknown }).name !== 'NoSuchUpload') throw error;
          });
          await removeMarker(UploadId);
          removed += 1;
        }
        if (!page.IsTruncated) break;
        KeyMarker = page.NextKeyMarker;
        UploadIdMarker = page.NextUploadIdMarker;
      }
      // markers whose write ended (a crash between the end and the marker's delete): old is enough
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: MARKERS, ContinuationToken }));
        for (const { Key, LastModified } of page.Contents ?? []) {
          if (!Key || !LastModified || LastModified >= olderThan) continue;
          await client.send(new DeleteObjectCommand({ Bucket, Key }));
          removed += 1;
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return removed;
    },
    async probe() {
      // one HEAD on the bucket: reachable, the credentials accepted, the bucket there
      await client.send(new HeadBucketCommand({ Bucket }));
    },
    close() {
      // the client's kept-alive sockets to the bucket, so a stopping server leaves none open
      client.destroy();
    },
  };
}

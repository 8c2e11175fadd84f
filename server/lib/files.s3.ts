import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
  type CompletedPart,
} from '@aws-sdk/client-s3';
import type { S3StorageConfig } from '../config';
import { checkKey, type FileStorage } from './files';
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
 * Files as objects in a bucket, the key as the object's key: several server instances see the
 * same files (lib/files.ts). S3 shows an object only once its upload has completed, which makes
 * a put atomic: a body up to one part goes in one PutObject; a larger one as a multipart upload,
 * one part in memory at a time, aborted when anything fails (the parts uploaded so far are
 * dropped and the previous object stays). Node only: the demo's browser build never imports it.
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
    async probe() {
      // one HEAD on the bucket: reachable, the credentials accepted, the bucket there
      await client.send(new HeadBucketCommand({ Bucket }));
    },
  };
}

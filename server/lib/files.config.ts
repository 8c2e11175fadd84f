import type { AppConfig } from '../config';
import type { FileStorage } from './files';
import { createDiskStorage } from './files.disk';

/**
 * The file storage FILE_STORAGE names. Node server only (app.ts): the AWS SDK is loaded only when
 * the bucket is chosen, so a disk-only server does not pay for it at start, and nothing the demo's
 * browser build bundles (files.ts, api.ts, host/api-host.ts) may import this module.
 */
export async function createFileStorage(config: AppConfig): Promise<FileStorage> {
  const files = config.files;
  if (files.kind === 'disk') return createDiskStorage(config.dataDir);
  const { createS3Storage } = await import('./files.s3');
  return createS3Storage(files);
}

import { join } from 'node:path';
import type { Config } from '../config';
import { createLocalStorage, type FileStorage } from './storage';

/**
 * The store the configuration chooses: `DATA_DIR/files` (default) or the S3 bucket. The AWS SDK
 * is loaded only for the bucket, so the default start loads (and warns about) nothing more.
 */
export async function createFileStorage(config: Pick<Config, 'dataDir' | 'fileStore'>): Promise<FileStorage> {
  if (config.fileStore.kind === 'local') return createLocalStorage(join(config.dataDir, 'files'));
  const { createS3Storage } = await import('./storage-s3');
  return createS3Storage(config.fileStore);
}

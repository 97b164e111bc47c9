import { pipeline, type Readable, Transform } from 'node:stream';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { Config } from '../config';
import { checkKey, type FileStorage, newKey, storeUnavailable } from './storage';

export type S3Settings = Extract<Config['fileStore'], { kind: 's3' }>;

/** Bytes sent to the bucket per request of a multipart upload; at most two parts are in memory. */
const PART_SIZE = 5 * 1024 * 1024;

/** The bucket said the object (or the bucket) is not there. */
function isNotFound(error: unknown) {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
}

/**
 * File storage in an S3-compatible bucket (AWS S3, MinIO, Ceph, R2, ...) through the AWS SDK v3.
 * Uploads stream as multipart uploads (never a whole file in memory); downloads stream the
 * object, or the requested range of it. Any failure of the bucket other than "no such key"
 * becomes `file_store_unavailable`.
 */
export function createS3Storage(settings: S3Settings): FileStorage {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
    // Many S3-compatible servers reject the newer default checksums (aws-chunked trailers).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A store that is down answers quickly with 503 instead of holding requests.
    maxAttempts: 2,
    requestHandler: { connectionTimeout: 3000, requestTimeout: 30_000 },
  });
  const Bucket = settings.bucket;
  const fail = (error: unknown): never => {
    throw storeUnavailable(error);
  };

  const store: FileStorage = {
    kind: 's3',
    async save(prefix, data) {
      const key = newKey(prefix);
      return { key, size: await store.write(key, data) };
    },
    async write(key, data) {
      const Key = checkKey(key);
      let size = 0;
      let sourceError: unknown;
      // The upload reads from a counting pass-through. If the source fails (the form broke off,
      // or the file was too large) its error is the one to report, not the bucket's.
      const counted = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          done(null, chunk);
        },
      });
      pipeline(data, counted, (error) => {
        if (error) sourceError = error;
      });
      const upload = new Upload({
        client,
        params: { Bucket, Key, Body: counted, ContentType: 'application/octet-stream' },
        partSize: PART_SIZE,
        queueSize: 1,
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (error) {
        await new Promise((resolve) => setImmediate(resolve));
        if (sourceError) throw sourceError;
        counted.destroy();
        data.resume();
        throw storeUnavailable(error);
      }
      return size;
    },
    async stat(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: checkKey(key) }));
        return { size: head.ContentLength ?? 0, modified: head.LastModified ?? new Date(0) };
      } catch (error) {
        if (isNotFound(error)) return undefined;
        return fail(error);
      }
    },
    async open(key, range) {
      try {
        const object = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: checkKey(key),
            Range: range ? `bytes=${range.start}-${range.end}` : undefined,
          }),
        );
        return object.Body as Readable;
      } catch (error) {
        if (isNotFound(error)) return undefined;
        return fail(error);
      }
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checkKey(key) })).catch(fail);
    },
    async removeMany(keys) {
      // DeleteObjects takes at most 1000 keys a request.
      for (let i = 0; i < keys.length; i += 1000) {
        const Objects = keys.slice(i, i + 1000).map((key) => ({ Key: checkKey(key) }));
        const result = await client
          .send(new DeleteObjectsCommand({ Bucket, Delete: { Objects, Quiet: true } }))
          .catch(fail);
        if (result.Errors?.length) fail(new Error(`could not delete ${result.Errors.length} objects`));
      }
    },
    async *list() {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, ContinuationToken })).catch(fail);
        for (const o of page.Contents ?? []) if (o.Key) yield { key: o.Key, size: o.Size ?? 0 };
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    async ping() {
      await client.send(new HeadBucketCommand({ Bucket })).catch(fail);
    },
  };
  return store;
}

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

/** The credentials s3rver checks signatures against. */
const ACCESS_KEY = 'S3RVER';

export type S3TestServer = {
  endpoint: string;
  bucket: string;
  /** The environment that points the app (loadConfig) at this server's bucket. */
  env: Record<string, string>;
  /** Stops the server (its port then refuses connections: a store that is down); idempotent. */
  stop: () => Promise<void>;
  /** Stops it and deletes its folder. */
  close: () => Promise<void>;
};

/**
 * A real S3-compatible server (s3rver) on a free port of 127.0.0.1, with one empty bucket, its
 * objects in a temporary folder. Tests of the file store (and later the cluster test) use it.
 */
export async function startS3Server(bucket = 'peerwrite-test'): Promise<S3TestServer> {
  const directory = await mkdtemp(join(tmpdir(), 'pw-s3rver-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  let running = true;
  const stop = async () => {
    if (!running) return;
    running = false;
    await server.close();
  };
  return {
    endpoint,
    bucket,
    env: {
      FILE_STORE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: ACCESS_KEY,
      S3_FORCE_PATH_STYLE: 'on',
    },
    stop,
    close: async () => {
      await stop();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

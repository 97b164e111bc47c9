import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { loadConfig } from '../src/config';
import { createFileStorage } from '../src/lib/file-store';
import { startS3Server } from './s3';

const s = await startS3Server();
const store = await createFileStorage(loadConfig({ ...s.env, DATA_DIR: '/tmp/s3t' }));
await store.ping();
const a = await store.save('1', Readable.from([Buffer.from('hello world')]));
console.log(a, await store.stat(a.key));
console.log(await text((await store.open(a.key, { start: 6, end: 10 }))!));
const big = Buffer.alloc(12 * 1024 * 1024, 7);
const b = await store.save('1', Readable.from([big.subarray(0, 6e6), big.subarray(6e6)]));
console.log(b, await store.stat(b.key));
for await (const o of store.list()) console.log(o);
await store.removeMany([a.key, b.key]);
console.log(await store.stat(a.key), await store.open(b.key));
await s.stop();
const t0 = Date.now();
await store.ping().catch((e) => console.log('down', e.code, Date.now() - t0));
await store
  .save('1', Readable.from([Buffer.from('x')]))
  .catch((e) => console.log('down', e.code, Date.now() - t0));
await s.close();

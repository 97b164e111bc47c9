import client from 'prom-client';

/**
 * The process's own metrics, in one registry that `GET /metrics` serves beside each app's
 * request and database metrics (`plugins/metrics.ts`). Counters live here, once per process, so
 * any module can count without reaching the app: `mailsSent.inc()`, `jobsFailed.inc({ queue })`.
 * Values are per process: Prometheus scrapes every node and sums (`sum(rate(...))`).
 */
export const processRegistry = new client.Registry();

let defaultsCollected = false;
/** Node's own figures (CPU, memory, event-loop lag, handles), collected once per process. */
export function collectProcessMetrics() {
  if (defaultsCollected) return;
  defaultsCollected = true;
  client.collectDefaultMetrics({ register: processRegistry });
}

const registers = [processRegistry];

/** Files stored by uploads (multipart forms), and their bytes. */
export const uploadsStored = new client.Counter({
  name: 'peerwrite_uploads_total',
  help: 'Files stored from uploads',
  registers,
});
export const uploadBytes = new client.Counter({
  name: 'peerwrite_upload_bytes_total',
  help: 'Bytes of the files stored from uploads',
  registers,
});

/** Mails handed to SMTP or the outbox, and mails that could not be sent. */
export const mailsSent = new client.Counter({
  name: 'peerwrite_mails_sent_total',
  help: 'Mails sent (SMTP or outbox)',
  registers,
});
export const mailsFailed = new client.Counter({
  name: 'peerwrite_mails_failed_total',
  help: 'Mails that could not be sent',
  registers,
});

/** Jobs that failed, by queue (a retried job counts each failure). */
export const jobsFailed = new client.Counter({
  name: 'peerwrite_jobs_failed_total',
  help: 'Background jobs that failed, by queue',
  labelNames: ['queue'] as const,
  registers,
});

type DepthReader = () => Promise<Record<string, number>> | Record<string, number>;
const depthReaders = new Set<DepthReader>();

/** Jobs waiting, by queue: read from every registered reader when Prometheus scrapes. */
export const queueDepth = new client.Gauge({
  name: 'peerwrite_queue_depth',
  help: 'Jobs waiting in the queue, by queue',
  labelNames: ['queue'] as const,
  registers,
  async collect() {
    this.reset();
    for (const read of depthReaders) {
      for (const [queue, depth] of Object.entries(await read())) this.set({ queue }, depth);
    }
  },
});

/**
 * Registers a reader of queue depths (`{ queueName: waitingJobs }`), read at each scrape.
 * Returns the function that unregisters it (call it when the queue stops).
 */
export function onQueueDepth(read: DepthReader): () => void {
  depthReaders.add(read);
  return () => depthReaders.delete(read);
}

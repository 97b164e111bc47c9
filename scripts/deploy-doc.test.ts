import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');

describe('docs/deploy.md', () => {
  it('quotes the HAProxy configuration the cluster test runs (cluster/haproxy.cfg), unchanged', () => {
    const doc = readFileSync(join(root, 'docs/deploy.md'), 'utf8');
    const quoted = doc.match(/```haproxy\n([\s\S]*?)\n```/)?.[1];
    expect(quoted, 'a ```haproxy block in docs/deploy.md').toBeDefined();
    const file = readFileSync(join(root, 'cluster/haproxy.cfg'), 'utf8').trimEnd();
    expect(quoted).toBe(file);
  });
});

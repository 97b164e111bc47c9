import { describe, expect, it } from 'vitest';
import { AnswerCache } from './answer-cache';

const later = <T>(value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), 5));

describe('answer cache', () => {
  it('builds once per fingerprint, also for requests arriving while it builds', async () => {
    const cache = new AnswerCache();
    let builds = 0;
    const build = () => {
      builds += 1;
      return later({ n: builds });
    };
    const [a, b, c] = await Promise.all([
      cache.get('k', 'f1', build),
      cache.get('k', 'f1', build),
      cache.get('k', 'f1', build),
    ]);
    expect(builds).toBe(1);
    expect(a).toBe(b);
    expect(b).toBe(c);
    expect(JSON.parse(a.body.toString())).toEqual({ n: 1 });
    expect((await cache.get('k', 'f1', build)).body.toString()).toBe('{"n":1}');
    // A new fingerprint builds anew and replaces the old answer.
    expect((await cache.get('k', 'f2', build)).body.toString()).toBe('{"n":2}');
    expect(builds).toBe(2);
    expect(cache.size).toBe(1);
    // Keys are apart.
    expect((await cache.get('other', 'f2', build)).body.toString()).toBe('{"n":3}');
    expect(cache.size).toBe(2);
  });

  it('keeps at most its byte budget, dropping the least recently used first', async () => {
    const cache = new AnswerCache(100); // an entry counts 1.25 × its 30 bytes
    const value = (c: string) => async () => ({ v: c.repeat(22) }); // 30 bytes of JSON
    await cache.get('a', 'f', value('a'));
    await cache.get('b', 'f', value('b'));
    await cache.get('a', 'f', value('x')); // a used again: b is now the oldest
    await cache.get('c', 'f', value('c'));
    expect(cache.size).toBe(2);
    let rebuilt = false;
    await cache.get('a', 'f', async () => {
      rebuilt = true;
      return {};
    });
    expect(rebuilt).toBe(false);
    await cache.get('b', 'f', async () => {
      rebuilt = true;
      return {};
    });
    expect(rebuilt).toBe(true);
    // An answer larger than the whole budget is sent but not kept.
    const kept = cache.size;
    const big = await cache.get('big', 'f', async () => ({ v: 'z'.repeat(200) }));
    expect(big.body.length).toBeGreaterThan(200);
    expect(cache.size).toBe(kept);
  });

  it('a failed build is not kept: the next request builds again', async () => {
    const cache = new AnswerCache();
    await expect(
      cache.get('k', 'f', async () => {
        throw new Error('lost connection');
      }),
    ).rejects.toThrow('lost connection');
    expect(cache.size).toBe(0);
    expect((await cache.get('k', 'f', async () => [1])).body.toString()).toBe('[1]');
  });
});

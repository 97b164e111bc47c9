// A small seeded pseudo-random generator (mulberry32): the domain never calls Math.random,
// so a given seed always gives the same matching or simulated class.

export interface Random {
  /** A float in [0, 1). */
  next: () => number;
  /** An integer in [0, bound). */
  nextInt: (bound: number) => number;
}

// Turns a numeric or text seed into a deterministic generator.
export function createRandom(seed: number | string): Random {
  let state = typeof seed === 'number' ? seed >>> 0 : hashText(seed);
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, nextInt: (bound) => Math.floor(next() * bound) };
}

// Returns a shuffled copy (Fisher-Yates) driven by the given generator.
export function shuffleWith<T>(items: readonly T[], random: Random): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = random.nextInt(i + 1);
    const a = copy[i] as T;
    copy[i] = copy[j] as T;
    copy[j] = a;
  }
  return copy;
}

// FNV-1a: a stable 32-bit hash so text seeds (e.g. an assignment id) work too.
function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

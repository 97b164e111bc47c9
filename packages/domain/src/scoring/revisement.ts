// Revisement (RE): set by an instructor or assistant; the engine only keeps it within 0..max.
import { clamp } from './statistics';

// RE = the given revision score clamped to 0..max; no score yet means 0.
export function scoreRevisement(max: number, given: number | undefined): number {
  if (given === undefined || !Number.isFinite(given)) return 0;
  return clamp(given, 0, max);
}

// Proves that a change to the scoring engine changes no result: scores several classes (the
// bench's, a spread of the simulation's, a class with anchors, instructor edits, missing points and
// calibration, and the real class when its data are there) and keeps a SHA-256 of each result's
// JSON. Run it before the change with --write, after it with --compare: every result must be
// byte-identical.
//
//   npx tsx bench/scoring-identity.ts --write /tmp/scoring-before.json
//   npx tsx bench/scoring-identity.ts --compare /tmp/scoring-before.json
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { type ScoreAssignmentInput, scoreAssignment } from '@pw/domain';
import type { Kind } from '../packages/domain/scripts/oracle';
import { buildRealInput, loadRealClass, locateRealClass } from '../packages/domain/scripts/real-class';
import { drawSimulatedInput, type Shape } from '../packages/domain/scripts/simulate';
import { buildClass } from './scoring-class';

function listClasses(): Map<string, ScoreAssignmentInput> {
  const classes = new Map<string, ScoreAssignmentInput>([['bench', buildClass()]]);
  const mixes = ['careful', 'typical', 'unreliable', 'unfinished', 'colluding'];
  for (const mix of mixes) {
    for (const [size, peerCount] of [
      [5, 2],
      [30, 1],
      [30, 4],
      [100, 3],
    ] as const) {
      classes.set(`${mix} ${size}×${peerCount}`, drawSimulatedInput(size, peerCount, mix, null, 'mixed', 0));
    }
  }
  const shapes: Shape[] = ['one of max 3', 'one of max 4–6', 'one of max 7–10', '2–5 standards'];
  const kinds: Kind[] = ['same-mark', 'max-giver', 'contrarian'];
  for (const kind of kinds) {
    for (const shape of shapes)
      classes.set(`${kind} ${shape} 30×3`, drawSimulatedInput(30, 3, 'typical', kind, shape, 1));
  }
  classes.set('features', withFeatures(drawSimulatedInput(30, 3, 'typical', null, 'mixed', 2)));
  const real = loadRealClass(locateRealClass());
  if (real === null) console.log('SKIP: the real class is not there');
  else classes.set('real', buildRealInput(real).input);
  return classes;
}

// What the simulation never draws: an instructor taking part as a learner, an anchor reviewer,
// instructor edits, missing points, calibration, a learner without an essay, revision scores.
function withFeatures(input: ScoreAssignmentInput): ScoreAssignmentInput {
  const ids = input.learners.map((l) => l.id);
  return {
    ...input,
    learners: input.learners.map((l, i) => ({
      ...l,
      isInstructorLearner: i === 0 ? true : undefined,
      hasEssay: i === 1 ? false : undefined,
    })),
    anchorReviewerIds: [ids[2] ?? ''],
    reviews: input.reviews.map((r, k) => ({
      ...r,
      responses: r.responses.map((response, i) =>
        (k + i) % 11 === 0
          ? { ...response, editedPoint: 0 }
          : (k + i) % 13 === 0
            ? { ...response, point: null }
            : response,
      ),
    })),
    calibration: ids.slice(3, 12).map((learnerId, i) => ({ learnerId, closeness: 0.5 + i / 20 })),
    revisionScores: ids.map((learnerId, i) => ({ learnerId, score: (i * 7) % 10 })),
  };
}

function main(): void {
  const fingerprints: Record<string, string> = {};
  for (const [name, input] of listClasses()) {
    const json = JSON.stringify(scoreAssignment(input));
    fingerprints[name] = createHash('sha256').update(json).digest('hex');
  }
  const writeAt = process.argv.indexOf('--write');
  const compareAt = process.argv.indexOf('--compare');
  if (writeAt !== -1) {
    writeFileSync(process.argv[writeAt + 1] ?? '', `${JSON.stringify(fingerprints, null, 2)}\n`);
    console.log(`${Object.keys(fingerprints).length} classes written`);
  } else if (compareAt !== -1) {
    const before = JSON.parse(readFileSync(process.argv[compareAt + 1] ?? '', 'utf8')) as Record<
      string,
      string
    >;
    const names = new Set([...Object.keys(before), ...Object.keys(fingerprints)]);
    let differ = 0;
    for (const name of names) {
      if (before[name] === fingerprints[name]) continue;
      differ += 1;
      console.log(`DIFFERS: ${name}`);
    }
    console.log(
      differ === 0 ? `identical: ${names.size} classes` : `FAIL: ${differ} of ${names.size} classes differ`,
    );
    if (differ > 0) process.exitCode = 1;
  } else {
    console.log(JSON.stringify(fingerprints, null, 2));
  }
}

main();

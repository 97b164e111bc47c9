// Simulated classes with a known true essay quality and reviewers of known kinds: how well do
// our essay scores track the truth compared with the plain mean and the median (ORA2), and does
// evaluation ability rank reviewers by their true accuracy?
//
//   npm run simulate            prints the table
//   npm run simulate -- --write also refreshes docs/simulation.md
//   npm run simulate -- --check prints only the done criteria and fails when one is not met or
//                               docs/simulation.md is not what this code produces (npm test)
import { readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import {
  type CalibrationEvidence,
  createMatching,
  createRandom,
  exampleCloseness,
  overallCloseness,
  type Random,
  type Review,
  type ScoreAssignmentInput,
  scoreAssignment,
  shuffleWith,
} from '../src/index';
import { LOWEST_EVALUATOR_SHARE } from '../src/scoring/constants';
import { scoreByWeights } from './baselines';
import { pearson, rankValues, spearman } from './correlation';
import { countDisplaced } from './displaced';
import {
  exactPosterior,
  type Kind,
  MARKING_MODELS,
  meanShare,
  type OracleRating,
  oracleMarked,
  QUALITY_MODEL,
  SAME_MARK_SHARE,
} from './oracle';
import { loadRealClass, locateRealClass, type RealReport, reportRealClass } from './real-class';

interface Standard {
  id: string;
  maxPoint: number;
}

/**
 * Rubric shapes: `mixed` draws 1–5 standards with maxima 3..10 for every class (the main table);
 * the others are the shapes the planted tables are checked on.
 */
export type Shape = 'mixed' | 'one of max 3' | 'one of max 4–6' | 'one of max 7–10' | '2–5 standards';
const PLANTED_SHAPES: Shape[] = ['one of max 3', 'one of max 4–6', 'one of max 7–10', '2–5 standards'];

interface Mix {
  kinds: Partial<Record<Kind, number>>;
  /** Share of the assigned reviews left unfinished. */
  unfinished?: number;
}

/** Reviewers planted in a typical class to see whether they are marked red. */
const PLANTED_KINDS: Kind[] = ['same-mark', 'max-giver', 'contrarian'];

const SIZES = [5, 10, 30, 100, 200];
const PEER_COUNTS = [1, 2, 3, 4, 5, 6];
const TYPICAL: Partial<Record<Kind, number>> = { careful: 0.7, noisy: 0.2, lenient: 0.05, harsh: 0.05 };
const MIXES: Record<string, Mix> = {
  careful: { kinds: { careful: 1 } },
  typical: { kinds: TYPICAL },
  unreliable: {
    kinds: { careful: 0.4, noisy: 0.15, lenient: 0.1, harsh: 0.1, 'same-mark': 0.1, random: 0.15 },
  },
  unfinished: { kinds: TYPICAL, unfinished: 0.2 },
  colluding: { kinds: { careful: 0.6, noisy: 0.2, lenient: 0.05, harsh: 0.05, colluder: 0.1 } },
};
/** Colluding pairs' lift of their own essays must be at most this share of the plain mean's. */
const COLLUSION_GOAL = 2 / 3;
/** Smallest gain over the better of mean and median that we call "clearly better". */
const CLEAR_GAIN = 0.02;
/** Essays simulated per scenario, spread over repeated classes. */
const ESSAYS_PER_SCENARIO = 1200;
/**
 * Classes of 5 are simulated this many times more often: a per-class Spearman over five reviewers
 * is the coarsest of all (a cell's helpfulness margin had a standard error of 0.006–0.008 at 240
 * classes, more than the −0.005 slack it is judged by), so their cells get the precision of the
 * larger classes' (docs/scoring.md, section 16).
 */
const SMALL_CLASS_FACTOR = 4;
/** Planted reviewers simulated per cell of the planted tables (same-mark, max-giver, contrarian). */
const PLANTED_CASES = 100;
/** Share of a class that is planted (at least one learner). */
const PLANTED_SHARE = 0.05;

interface Row {
  shape: Shape;
  size: number;
  peerCount: number;
  mix: string;
  ours: number;
  mean: number;
  median: number;
  hamer: number;
  vancouver: number;
  abilityRank: number | null;
  /**
   * The best ρ any ranking can reach that puts the same-mark reviewers lowest, as the red-mark goal
   * asks: the true accuracies themselves with the same-mark reviewers moved below everyone.
   */
  abilityBound: number | null;
  /** ρ of a plain leave-one-out distance (RMS distance to the others' plain mean) with true accuracy. */
  baselineRank: number | null;
  /** Careful reviewers with a measured accuracy, and how many of them got accuracy exactly 0. */
  carefulMeasured: number;
  carefulZero: number;
  /** Colluders' essays: (score − truth) beyond the other essays', share of the scale; null without colluders. */
  liftOurs: number | null;
  liftMean: number | null;
  /** Spearman of the feedback score (adjusted stars) and of the raw mean stars with true helpfulness. */
  helpOurs: number | null;
  helpRaw: number | null;
  /** Learners clearly over- or under-confident (|true gap| ≥ 5 % of the scale) and how many the engine signs the same way. */
  selfClear: number;
  selfAgree: number;
  sameMarkLowest: number | null;
  /**
   * Same-mark reviewers not marked at accuracy 0 because more evaluators share 0 than fit in 30 %
   * and the places went to those with lower closeness (or discrimination), or to nobody on a full tie.
   */
  sameMarkOutranked: number;
  /**
   * Watched reviewers not marked whose marks a careful reviewer would often give the same essays:
   * the tracking test left them at least half their credit (discrimination ≥ 0.5).
   */
  sameMarkAlike: number;
  /** Same-mark reviewers not marked for any other reason (should never happen). */
  sameMarkUnexplained: number;
  /**
   * Share of the watched reviewers whose true accuracy is among the lowest 30 % of the evaluators
   * (the same count the engine marks): what a ranking by true accuracy itself would mark.
   */
  sameMarkTruth: number;
  /**
   * Share of the watched reviewers not marked whose true accuracy is above that of the marked
   * evaluator the engine trusts most: the one a red mark for them would have been taken from.
   */
  sameMarkDisplaced: number;
  /**
   * Share of the watched reviewers the oracle marks (oracle.ts): the best any ranking of the
   * evaluators can do, knowing the true qualities and how each kind of reviewer marks.
   */
  sameMarkOracle: number;
  /**
   * Classes of 5 only: the expected share of the watched reviewers marked by the Bayes-optimal
   * choice from the marks alone (oracle.ts, exactPosterior), null elsewhere.
   */
  sameMarkBayes: number | null;
  /** Standard error of sameMarkBayes over the classes simulated. */
  sameMarkBayesError: number | null;
  /** Watched reviewers over the classes simulated: the sample behind sameMarkLowest. */
  sameMarkCount: number;
  /**
   * Share of the red marks among the evaluators whose true accuracy is in the lowest 30 % (what
   * the real class's red-mark goal measures), and the same for the leave-one-out's lowest 30 %;
   * null with one reviewer per essay.
   */
  redInWorst: number | null;
  baselineInWorst: number | null;
}

interface Reviewer {
  kind: Kind;
  sameMark: number;
}

async function main(): Promise<void> {
  const realDir = locateRealClass();
  const realClass = loadRealClass(realDir);
  const real = realClass === null ? null : reportRealClass(realClass);
  const realCriteria = real === null ? [] : checkRealClass(real);
  const realText = real === null ? null : renderRealClass(real, realCriteria);
  const skipLine = `SKIP: the real class is not at ${realDir} (set PW_REAL_DATA_DIR to its parent folder): scored on the simulation only`;
  if (process.argv.includes('--real')) {
    // The fast path: the real class only (seconds instead of minutes).
    console.log(realText ?? skipLine);
    if (!realCriteria.every((c) => c.passed || !c.gating)) process.exitCode = 1;
    return;
  }
  const scenarios = listScenarios();
  const results = await simulateAll(scenarios);
  const rows = results.filter((_, i) => scenarios[i]?.planted === null);
  const planted = new Map<Kind, Row[]>(
    PLANTED_KINDS.map((kind) => [kind, results.filter((_, i) => scenarios[i]?.planted === kind)]),
  );
  const simulated = renderReport(rows, planted, simulateCalibration());
  const text = realText === null ? simulated : `${simulated}\n${realText}`;
  const target = fileURLToPath(new URL('../../../docs/simulation.md', import.meta.url));
  const criteria = [...checkDoneCriteria(rows, planted), ...realCriteria];
  if (process.argv.includes('--check')) {
    for (const c of criteria) console.log(describeCriterion(c));
    const current = readFileSync(target, 'utf8');
    // Without the data the real-class section cannot be reproduced: the rest must still match.
    const upToDate =
      realText === null ? current.split(`\n${REAL_HEADING}`)[0] === simulated : current === text;
    if (realText === null) console.log(skipLine);
    if (!upToDate) {
      console.log('FAIL: docs/simulation.md is out of date: run `npm run simulate -- --write`');
      process.exitCode = 1;
    }
  } else {
    console.log(text);
    if (realText === null) console.log(skipLine);
  }
  if (process.argv.includes('--write')) {
    if (realText === null) {
      console.log('not written: without the real class the real-data table would be lost');
      process.exitCode = 1;
    } else {
      writeFileSync(target, text);
      console.log(`written to ${target}`);
    }
  }
  if (!criteria.every((c) => c.passed || !c.gating)) process.exitCode = 1;
}

interface Scenario {
  size: number;
  peerCount: number;
  mix: string;
  planted: Kind | null;
  shape: Shape;
}

// Every scenario of the report, in the report's order: the mixes' rows, then the planted kinds'.
function listScenarios(): Scenario[] {
  const scenarios: Scenario[] = [];
  for (const mix of process.env.SIM_MIXES?.split(',') ?? Object.keys(MIXES)) {
    for (const size of SIZES) {
      for (const peerCount of PEER_COUNTS)
        scenarios.push({ size, peerCount, mix, planted: null, shape: 'mixed' });
    }
  }
  const kinds = process.env.SIM_PLANTED?.split(',').filter((k) => k !== '') ?? PLANTED_KINDS;
  for (const kind of kinds as Kind[]) {
    for (const shape of PLANTED_SHAPES) {
      for (const size of SIZES) {
        for (const peerCount of PEER_COUNTS.filter((k) => k > 1)) {
          scenarios.push({ size, peerCount, mix: 'typical', planted: kind, shape });
        }
      }
    }
  }
  return scenarios;
}

function runScenario(s: Scenario): Row {
  return simulateScenario(s.size, s.peerCount, s.mix, s.planted, s.shape);
}

// The scenarios on SIM_THREADS worker threads (default: one per core), handed out one at a time
// to whichever thread is free. Each scenario draws from its own seeded generator, so the rows are
// the same on any number of threads.
async function simulateAll(scenarios: Scenario[]): Promise<Row[]> {
  const threads = Math.min(scenarios.length, Number(process.env.SIM_THREADS ?? availableParallelism()));
  if (!(threads > 1)) return scenarios.map(runScenario);
  const rows = new Array<Row>(scenarios.length);
  let next = 0;
  await Promise.all(
    Array.from(
      { length: threads },
      () =>
        new Promise<void>((resolve, reject) => {
          const worker = new Worker(new URL('./simulate-worker.mjs', import.meta.url), {
            workerData: { simulationWorker: true },
          });
          const feed = () => {
            if (next >= scenarios.length) {
              worker.postMessage(null);
              return;
            }
            const index = next++;
            worker.postMessage({ index, scenario: scenarios[index] });
          };
          worker.on('message', (message: { index: number; row: Row }) => {
            rows[message.index] = message.row;
            feed();
          });
          worker.on('error', reject);
          worker.on('exit', (code) =>
            code === 0 ? resolve() : reject(new Error(`worker exited with ${code}`)),
          );
          feed();
        }),
    ),
  );
  return rows;
}

function simulateScenario(
  size: number,
  peerCount: number,
  mix: string,
  planted: Kind | null,
  shape: Shape,
): Row {
  const repetitions =
    planted !== null
      ? Math.ceil(PLANTED_CASES / countPlanted(size))
      : Math.max(6, Math.round(ESSAYS_PER_SCENARIO / size)) * (size <= 5 ? SMALL_CLASS_FACTOR : 1);
  const sums = {
    ours: 0,
    mean: 0,
    median: 0,
    hamer: 0,
    vancouver: 0,
    abilityRank: 0,
    abilityBound: 0,
    boundRuns: 0,
    baselineRank: 0,
    rankRuns: 0,
    carefulMeasured: 0,
    carefulZero: 0,
    liftOurs: 0,
    liftMean: 0,
    liftRuns: 0,
    helpOurs: 0,
    helpRaw: 0,
    helpRuns: 0,
    selfClear: 0,
    selfAgree: 0,
    sameMark: 0,
    sameMarkLowest: 0,
    sameMarkOutranked: 0,
    sameMarkAlike: 0,
    sameMarkUnexplained: 0,
    sameMarkTruth: 0,
    sameMarkDisplaced: 0,
    sameMarkOracle: 0,
    sameMarkBayes: 0,
    bayesSquares: 0,
    bayesRuns: 0,
    redHits: 0,
    redMarked: 0,
    baselineHits: 0,
    baselineMarked: 0,
  };
  for (let rep = 0; rep < repetitions; rep++) {
    const random = classRandom(mix, planted, shape, size, peerCount, rep);
    const run = simulateClass(size, peerCount, mixOf(mix), planted, shape, random);
    sums.ours += run.ours;
    sums.mean += run.mean;
    sums.median += run.median;
    sums.hamer += run.hamer;
    sums.vancouver += run.vancouver;
    sums.selfClear += run.selfClear;
    sums.selfAgree += run.selfAgree;
    if (run.abilityBound !== null) {
      sums.abilityBound += run.abilityBound;
      sums.boundRuns += 1;
    }
    if (run.abilityRank !== null) {
      sums.abilityRank += run.abilityRank;
      sums.baselineRank += run.baselineRank ?? 0;
      sums.rankRuns += 1;
    }
    if (run.liftOurs !== null && run.liftMean !== null) {
      sums.liftOurs += run.liftOurs;
      sums.liftMean += run.liftMean;
      sums.liftRuns += 1;
    }
    if (run.helpOurs !== null && run.helpRaw !== null) {
      sums.helpOurs += run.helpOurs;
      sums.helpRaw += run.helpRaw;
      sums.helpRuns += 1;
    }
    sums.carefulMeasured += run.carefulMeasured;
    sums.carefulZero += run.carefulZero;
    sums.sameMark += run.sameMark;
    sums.sameMarkLowest += run.sameMarkLowest;
    sums.sameMarkOutranked += run.sameMarkOutranked;
    sums.sameMarkAlike += run.sameMarkAlike;
    sums.sameMarkUnexplained += run.sameMarkUnexplained;
    sums.sameMarkTruth += run.sameMarkTruth;
    sums.sameMarkDisplaced += run.sameMarkDisplaced;
    sums.sameMarkOracle += run.sameMarkOracle;
    sums.redHits += run.redHits;
    sums.redMarked += run.redMarked;
    sums.baselineHits += run.baselineHits;
    sums.baselineMarked += run.baselineMarked;
    if (run.sameMarkBayes !== null) {
      sums.sameMarkBayes += run.sameMarkBayes;
      sums.bayesSquares += (run.sameMarkBayes / Math.max(1, run.sameMark)) ** 2;
      sums.bayesRuns += 1;
    }
  }
  const share = (count: number) => (sums.sameMark > 0 ? count / sums.sameMark : 0);
  return {
    shape,
    size,
    peerCount,
    mix,
    ours: sums.ours / repetitions,
    mean: sums.mean / repetitions,
    median: sums.median / repetitions,
    hamer: sums.hamer / repetitions,
    vancouver: sums.vancouver / repetitions,
    abilityBound: sums.boundRuns > 0 ? sums.abilityBound / sums.boundRuns : null,
    selfClear: sums.selfClear,
    selfAgree: sums.selfAgree,
    abilityRank: sums.rankRuns > 0 ? sums.abilityRank / sums.rankRuns : null,
    baselineRank: sums.rankRuns > 0 ? sums.baselineRank / sums.rankRuns : null,
    carefulMeasured: sums.carefulMeasured,
    carefulZero: sums.carefulZero,
    liftOurs: sums.liftRuns > 0 ? sums.liftOurs / sums.liftRuns : null,
    liftMean: sums.liftRuns > 0 ? sums.liftMean / sums.liftRuns : null,
    helpOurs: sums.helpRuns > 0 ? sums.helpOurs / sums.helpRuns : null,
    helpRaw: sums.helpRuns > 0 ? sums.helpRaw / sums.helpRuns : null,
    sameMarkLowest:
      sums.sameMark > 0 && peerCount > 1 && (mix === 'unreliable' || planted !== null)
        ? sums.sameMarkLowest / sums.sameMark
        : null,
    sameMarkOutranked: share(sums.sameMarkOutranked),
    sameMarkAlike: share(sums.sameMarkAlike),
    sameMarkUnexplained: share(sums.sameMarkUnexplained),
    sameMarkTruth: share(sums.sameMarkTruth),
    sameMarkDisplaced: share(sums.sameMarkDisplaced),
    sameMarkOracle: share(sums.sameMarkOracle),
    sameMarkBayes: sums.bayesRuns > 0 ? share(sums.sameMarkBayes) : null,
    sameMarkCount: sums.sameMark,
    redInWorst: peerCount > 1 && sums.redMarked > 0 ? sums.redHits / sums.redMarked : null,
    baselineInWorst:
      peerCount > 1 && sums.baselineMarked > 0 ? sums.baselineHits / sums.baselineMarked : null,
    sameMarkBayesError:
      sums.bayesRuns > 1
        ? Math.sqrt(
            Math.max(0, sums.bayesSquares / sums.bayesRuns - (sums.sameMarkBayes / sums.bayesRuns) ** 2) /
              (sums.bayesRuns - 1),
          )
        : null,
  };
}

// The engine's input for one repetition of a scenario, drawn exactly as the simulation draws it
// (for the scoring identity check, bench/scoring-identity.ts).
/** A mix by name (typical when unknown). */
const mixOf = (mix: string): Mix => MIXES[mix] ?? { kinds: TYPICAL };

/**
 * The random source of one simulated class. The seed keeps the same-mark classes of earlier
 * versions ('true'), and the main rows ('false').
 */
const classRandom = (
  mix: string,
  planted: Kind | null,
  shape: Shape,
  size: number,
  peerCount: number,
  rep: number,
) => createRandom(`${mix}-${planted}-${shape}-${size}-${peerCount}-${rep}`);

export function drawSimulatedInput(
  size: number,
  peerCount: number,
  mix: string,
  planted: Kind | null,
  shape: Shape,
  rep: number,
): ScoreAssignmentInput {
  const random = classRandom(mix, planted, shape, size, peerCount, rep);
  const { standards, ids, truth, reviews } = drawClass(size, peerCount, mixOf(mix), planted, shape, random);
  return buildSimulatedInput(standards, ids, truth, reviews, random).input;
}

// One simulated class: its rubric, the true quality of every essay on every standard, the kind of
// every reviewer and the reviews they wrote (self-assessments not included).
function drawClass(
  size: number,
  peerCount: number,
  mix: Mix,
  planted: Kind | null,
  shape: Shape,
  random: Random,
) {
  const standards = drawRubric(shape, random);
  const ids = Array.from({ length: size }, (_, i) => `L${String(i).padStart(3, '0')}`);
  const truth = new Map(
    ids.map((id) => {
      const ability = QUALITY_MODEL.abilityMean + QUALITY_MODEL.abilitySd * drawGaussian(random);
      return [id, standards.map(() => clampUnit(ability + QUALITY_MODEL.standardSd * drawGaussian(random)))];
    }),
  );
  const kinds = assignKinds(size, mix.kinds, random);
  if (planted !== null) {
    const order = shuffleWith(
      ids.map((_, i) => i),
      random,
    );
    for (const i of order.slice(0, countPlanted(size))) kinds[i] = planted;
  }
  // The reviewers whose red marks are counted: the planted one, or the same-mark reviewers of a mix.
  const watched: Kind = planted ?? 'same-mark';
  const reviewers = new Map(
    ids.map((id, i) => [
      id,
      { kind: kinds[i] ?? 'careful', sameMark: SAME_MARK_SHARE.low + SAME_MARK_SHARE.width * random.next() },
    ]),
  );
  const matching = createMatching({
    participants: ids.map((id) => ({ id, hasEssay: true })),
    peerCount,
    seed: random.nextInt(2 ** 31),
  });
  // Colluders come in pairs (in order of the class) who review each other on top of the matching
  // and give each other the maximum; their other reviews are careful.
  const colluders = ids.filter((id) => reviewers.get(id)?.kind === 'colluder');
  const partner = new Map<string, string>();
  for (let i = 0; i + 1 < colluders.length; i += 2) {
    const a = colluders[i] ?? '';
    const b = colluders[i + 1] ?? '';
    partner.set(a, b);
    partner.set(b, a);
  }
  const pairs = matching.pairs.filter((p) => partner.get(p.reviewerId) !== p.authorId);
  for (const [a, b] of partner) pairs.push({ reviewerId: a, authorId: b });
  const reviews: Review[] = pairs.map(({ reviewerId, authorId }) => ({
    reviewerId,
    authorId,
    isCompleted: mix.unfinished === undefined || random.next() >= mix.unfinished,
    responses: standards.map((s, i) => ({
      standardId: s.id,
      point:
        partner.get(reviewerId) === authorId
          ? s.maxPoint
          : rate(reviewers.get(reviewerId), truth.get(authorId)?.[i] ?? 0, s.maxPoint, random),
    })),
  }));
  return { standards, ids, truth, reviewers, partner, reviews, watched };
}

// The engine's input for a drawn class: its completed reviews, the learners' self-assessments and
// the helpfulness ratings of the reviews (each from its own random stream).
function buildSimulatedInput(
  standards: Standard[],
  ids: string[],
  truth: Map<string, number[]>,
  reviews: Review[],
  random: Random,
) {
  const completed = reviews.filter((r) => r.isCompleted);
  // Helpfulness, from its own random stream so that it changes nothing else: each reviewer has a
  // true helpfulness N(0.6, 0.15), each author a rater bias N(0, 0.15); stars out of 5.
  const helpRandom = createRandom(`help-${random.nextInt(2 ** 31)}`);
  const trueHelp = new Map(ids.map((id) => [id, 0.6 + 0.15 * drawGaussian(helpRandom)]));
  const raterBias = new Map(ids.map((id) => [id, 0.15 * drawGaussian(helpRandom)]));
  const helpfulness = completed.map((r) => {
    const share =
      (trueHelp.get(r.reviewerId) ?? 0) + (raterBias.get(r.authorId) ?? 0) + 0.15 * drawGaussian(helpRandom);
    return {
      raterId: r.authorId,
      reviewerId: r.reviewerId,
      point: Math.min(5, Math.max(1, Math.round(1 + 4 * share))),
    };
  });
  // Self-assessments, from their own random stream: each learner's confidence bias N(0, 0.12)
  // plus noise 0.05 of the scale on every standard, rounded like any mark.
  const selfRandom = createRandom(`self-${random.nextInt(2 ** 31)}`);
  const selfReviews: Review[] = ids.map((id) => {
    const bias = 0.12 * drawGaussian(selfRandom);
    return {
      reviewerId: id,
      authorId: id,
      isCompleted: true,
      responses: standards.map((s, i) => {
        const share = (truth.get(id)?.[i] ?? 0) + bias + 0.05 * drawGaussian(selfRandom);
        return { standardId: s.id, point: Math.min(s.maxPoint, Math.max(0, Math.round(share * s.maxPoint))) };
      }),
    };
  });
  const input: ScoreAssignmentInput = {
    settings: {
      standards: standards,
      maxScores: { essayWriting: 70, peerReview: 10, metacognition: 10, feedbackReview: 10 },
      feedbackMaxPoint: 5,
    },
    learners: ids.map((id) => ({ id })),
    reviews: [...reviews, ...selfReviews],
    helpfulness,
  };
  return { input, completed, trueHelp, selfReviews };
}

function simulateClass(
  size: number,
  peerCount: number,
  mix: Mix,
  planted: Kind | null,
  shape: Shape,
  random: Random,
) {
  const { standards, ids, truth, reviewers, partner, reviews, watched } = drawClass(
    size,
    peerCount,
    mix,
    planted,
    shape,
    random,
  );
  const { input, completed, trueHelp, selfReviews } = buildSimulatedInput(
    standards,
    ids,
    truth,
    reviews,
    random,
  );
  const result = scoreAssignment(input);
  const rated = result.learners.filter((l) => l.feedbackReviewPoint.count > 0);
  const trueHelpOf = rankValues(rated.map((l) => trueHelp.get(l.learnerId) ?? 0));

  const trueTotals = ids.map((id) => sumTruePoints(standards, truth.get(id) ?? []));
  const received = new Map<string, number[][]>(ids.map((id) => [id, standards.map(() => [])]));
  for (const review of completed) {
    review.responses.forEach((r, i) => {
      received.get(review.authorId)?.[i]?.push(r.point ?? 0);
    });
  }
  const byMethod = (pick: (points: number[]) => number) =>
    ids.map((id) => {
      const points = received.get(id) ?? [];
      return standards.reduce((sum, _s, i) => sum + pick(points[i] ?? []), 0);
    });
  const ours = result.learners.map((l) => l.scores.essayWriting);
  const means = byMethod(computeMean);
  const hamer = scoreByWeights(standards, ids, completed, 'hamer');
  const vancouver = scoreByWeights(standards, ids, completed, 'vancouver');
  // Metacognition: the engine's signed gap against the learner's true over- or under-confidence.
  let selfClear = 0;
  let selfAgree = 0;
  for (const l of result.learners) {
    const own = selfReviews.find((r) => r.reviewerId === l.learnerId);
    const gap = l.selfAssessment?.signedGap;
    if (own === undefined || gap === undefined || gap === null) continue;
    const trueGap =
      standards.reduce(
        (sum, st, i) =>
          sum + (own.responses[i]?.point ?? 0) - (truth.get(l.learnerId)?.[i] ?? 0) * st.maxPoint,
        0,
      ) / totalMaxOf(standards);
    if (Math.abs(trueGap) < 0.05) continue;
    selfClear += 1;
    if (Math.sign(gap) === Math.sign(trueGap)) selfAgree += 1;
  }
  const totalMax = standards.reduce((sum, st) => sum + st.maxPoint, 0);
  // Lift of the colluders' essays: (score − truth) as a share of the scale, beyond the other
  // essays' (reviewed essays only), for our score and the plain mean.
  const lift = (scores: number[], scale: number) => {
    const inPair: number[] = [];
    const rest: number[] = [];
    ids.forEach((id, i) => {
      if ((received.get(id)?.[0]?.length ?? 0) === 0) return;
      const gap = (scores[i] ?? 0) / scale - (trueTotals[i] ?? 0) / totalMax;
      (partner.has(id) ? inPair : rest).push(gap);
    });
    return inPair.length === 0 || rest.length === 0 ? null : computeMean(inPair) - computeMean(rest);
  };

  const measured = result.learners.filter((l) => l.evaluation.accuracy !== null);
  const trueAccuracy = measured.map((l) => measureTrueAccuracy(standards, l.learnerId, completed, truth));
  const baseline = measureBaseline(standards, completed);
  const lowest = new Set(result.lowestEvaluatorIds);
  const sameMarkIds = ids.filter((id) => reviewers.get(id)?.kind === watched);
  const boundOrder = measured.map((l, i) =>
    reviewers.get(l.learnerId)?.kind === 'same-mark' ? -10 + (trueAccuracy[i] ?? 0) : (trueAccuracy[i] ?? 0),
  );
  const careful = measured.filter((l) => reviewers.get(l.learnerId)?.kind === 'careful');
  // Why a same-mark reviewer was not marked: at trust 0 (agreement × discrimination², what the red
  // marks order by) with more evaluators than the 30 % allows, and outranked by lower agreement or
  // discrimination (or fully tied); or left alone by the rule (marks that never vary only keep a
  // discrimination above 0 when the others rated their essays less than a point apart on every
  // standard).
  const atZero = (e: (typeof measured)[number]['evaluation'] | undefined) =>
    (e?.agreement ?? 1) * (e?.discrimination ?? 1) === 0;
  const zeros = measured.filter((l) => atZero(l.evaluation)).length;
  const quota = Math.floor(measured.length * LOWEST_EVALUATOR_SHARE);
  const missed = sameMarkIds
    .filter((id) => !lowest.has(id))
    .map((id) => result.learners.find((l) => l.learnerId === id)?.evaluation);
  const outranked = missed.filter((e) => atZero(e) && zeros > quota).length;
  // The lowest `quota` evaluators by true accuracy: whom a ranking by the truth itself would mark.
  const truthLowest = new Set(
    measured
      .map((l, i) => ({ id: l.learnerId, accuracy: trueAccuracy[i] ?? 0 }))
      .sort((a, b) => a.accuracy - b.accuracy)
      .slice(0, quota)
      .map((e) => e.id),
  );
  // The leave-one-out's lowest `quota` (ties by id, as the real class's script breaks them).
  const baselineLowest = measured
    .map((l) => ({ id: l.learnerId, value: baseline.get(l.learnerId) ?? 0 }))
    .sort((a, b) => a.value - b.value || a.id.localeCompare(b.id))
    .slice(0, quota)
    .map((e) => e.id);
  const engineLowest = measured.map((l) => l.learnerId).filter((id) => lowest.has(id));
  const displaced = countDisplaced(
    sameMarkIds,
    lowest,
    measured.map((l, i) => ({
      id: l.learnerId,
      trust: l.evaluation.trust ?? 0,
      trueAccuracy: trueAccuracy[i] ?? 0,
    })),
  );
  const alike = missed.filter((e) => !(atZero(e) && zeros > quota) && (e?.discrimination ?? 0) >= 0.5).length;
  return {
    ours: pearson(ours, trueTotals),
    mean: pearson(means, trueTotals),
    helpOurs:
      rated.length > 2
        ? pearson(rankValues(rated.map((l) => l.feedbackReviewPoint.adjustedAvg ?? 0)), trueHelpOf)
        : null,
    helpRaw:
      rated.length > 2
        ? pearson(rankValues(rated.map((l) => l.feedbackReviewPoint.avg ?? 0)), trueHelpOf)
        : null,
    liftOurs: lift(ours, 70),
    liftMean: lift(means, totalMax),
    median: pearson(byMethod(computeMedian), trueTotals),
    hamer: pearson(hamer, trueTotals),
    vancouver: pearson(vancouver, trueTotals),
    selfClear,
    selfAgree,
    abilityBound:
      measured.length > 2 && sameMarkIds.length > 0 && planted === null
        ? spearman(boundOrder, trueAccuracy)
        : null,
    abilityRank:
      measured.length > 2
        ? spearman(
            measured.map((l) => l.evaluation.accuracy ?? 0),
            trueAccuracy,
          )
        : null,
    baselineRank:
      measured.length > 2
        ? spearman(
            measured.map((l) => baseline.get(l.learnerId) ?? 0),
            trueAccuracy,
          )
        : null,
    carefulMeasured: careful.length,
    carefulZero: careful.filter((l) => l.evaluation.accuracy === 0).length,
    sameMark: sameMarkIds.length,
    sameMarkLowest: sameMarkIds.filter((id) => lowest.has(id)).length,
    sameMarkOutranked: outranked,
    sameMarkAlike: alike,
    sameMarkUnexplained: missed.length - outranked - alike,
    sameMarkTruth: sameMarkIds.filter((id) => truthLowest.has(id)).length,
    redHits: engineLowest.filter((id) => truthLowest.has(id)).length,
    redMarked: engineLowest.length,
    baselineHits: baselineLowest.filter((id) => truthLowest.has(id)).length,
    baselineMarked: baselineLowest.length,
    sameMarkDisplaced: displaced,
    sameMarkBayes:
      sameMarkIds.length === 0 || !hasBayesBound(size, peerCount)
        ? null
        : bayesCount(standards, completed, ids, reviewers, watched, planted, mix.kinds, quota),
    sameMarkOracle:
      sameMarkIds.length === 0
        ? 0
        : oracleCount(
            standards,
            completed,
            truth,
            reviewers,
            watched,
            mix.kinds,
            measured.map((l) => l.learnerId),
            quota,
          ),
  };
}

function totalMaxOf(standards: Standard[]): number {
  return standards.reduce((sum, st) => sum + st.maxPoint, 0);
}

// The reviewer's true accuracy: how close their marks are to the true quality, as minus the
// root-mean-square distance (shares of the scale) over all their ratings.
function measureTrueAccuracy(
  standards: Standard[],
  reviewerId: string,
  reviews: Review[],
  truth: Map<string, number[]>,
): number {
  let squares = 0;
  let count = 0;
  for (const review of reviews) {
    if (review.reviewerId !== reviewerId) continue;
    review.responses.forEach((response, i) => {
      const maxPoint = standards[i]?.maxPoint ?? 1;
      const quality = truth.get(review.authorId)?.[i] ?? 0;
      squares += ((response.point ?? 0) / maxPoint - quality) ** 2;
      count += 1;
    });
  }
  return count === 0 ? 0 : -Math.sqrt(squares / count);
}

// The plain leave-one-out baseline: minus the RMS distance (shares of the scale) of each
// reviewer's marks from the plain mean of the others' marks on the same essay and standard.
function measureBaseline(standards: Standard[], reviews: Review[]): Map<string, number> {
  const cells = new Map<string, { sum: number; count: number }>();
  const share = (point: number | null, i: number) => (point ?? 0) / (standards[i]?.maxPoint ?? 1);
  for (const review of reviews) {
    review.responses.forEach((r, i) => {
      const key = `${review.authorId}/${i}`;
      const cell = cells.get(key) ?? { sum: 0, count: 0 };
      cell.sum += share(r.point, i);
      cell.count += 1;
      cells.set(key, cell);
    });
  }
  const distances = new Map<string, { squares: number; count: number }>();
  for (const review of reviews) {
    review.responses.forEach((r, i) => {
      const cell = cells.get(`${review.authorId}/${i}`);
      if (cell === undefined || cell.count < 2) return;
      const given = share(r.point, i);
      const others = (cell.sum - given) / (cell.count - 1);
      const entry = distances.get(review.reviewerId) ?? { squares: 0, count: 0 };
      entry.squares += (given - others) ** 2;
      entry.count += 1;
      distances.set(review.reviewerId, entry);
    });
  }
  return new Map([...distances].map(([id, d]) => [id, -Math.sqrt(d.squares / d.count)]));
}

function rate(reviewer: Reviewer | undefined, quality: number, maxPoint: number, random: Random): number {
  const kind = reviewer?.kind ?? 'careful';
  const noise = drawGaussian(random);
  const model = MARKING_MODELS[kind];
  const share =
    model !== undefined
      ? meanShare(model, quality) + model.noise * noise
      : kind === 'same-mark'
        ? (reviewer?.sameMark ?? 0.7)
        : kind === 'max-giver'
          ? 1
          : random.next() * (1 + 1 / maxPoint) - 0.5 / maxPoint;
  return Math.min(maxPoint, Math.max(0, Math.round(share * maxPoint)));
}

// The rubric of one class: its standards and their maxima, by shape.
function drawRubric(shape: Shape, random: Random): Standard[] {
  const between = (low: number, high: number) => low + random.nextInt(high - low + 1);
  const count = shape === 'mixed' ? between(1, 5) : shape === '2–5 standards' ? between(2, 5) : 1;
  const maximum = () =>
    shape === 'one of max 3'
      ? 3
      : shape === 'one of max 4–6'
        ? between(4, 6)
        : shape === 'one of max 7–10'
          ? between(7, 10)
          : between(3, 10);
  return Array.from({ length: count }, (_, i) => ({ id: `s${i + 1}`, maxPoint: maximum() }));
}

function countPlanted(size: number): number {
  return Math.max(1, Math.round(size * PLANTED_SHARE));
}

// Exact shares of each kind (largest remainders), shuffled over the class.
function assignKinds(size: number, mix: Partial<Record<Kind, number>>, random: Random): Kind[] {
  const kinds = kindCounts(size, mix).flatMap((c) => Array.from({ length: c.count }, () => c.kind));
  for (let i = kinds.length - 1; i > 0; i--) {
    const j = random.nextInt(i + 1);
    [kinds[i], kinds[j]] = [kinds[j] as Kind, kinds[i] as Kind];
  }
  return kinds;
}

// How many of each kind a class of this size has (the same for every class of the size).
function kindCounts(size: number, mix: Partial<Record<Kind, number>>): { kind: Kind; count: number }[] {
  const entries = Object.entries(mix) as [Kind, number][];
  const counts = entries.map(([kind, share]) => ({
    kind,
    count: Math.floor(share * size),
    rest: share * size,
  }));
  let left = size - counts.reduce((sum, c) => sum + c.count, 0);
  for (const c of [...counts].sort((a, b) => (b.rest % 1) - (a.rest % 1))) {
    if (left === 0) break;
    c.count += 1;
    left -= 1;
  }
  // Every kind in the mix appears at least once, taken from the most common kind.
  for (const c of counts) {
    if (c.count === 0) {
      const donor = counts.reduce((a, b) => (b.count > a.count ? b : a));
      donor.count -= 1;
      c.count = 1;
    }
  }
  return counts.map(({ kind, count }) => ({ kind, count }));
}

/**
 * The cells that get the exact posterior (every assignment of the class's make-up): classes of 5,
 * and of 10 with up to 4 reviewers per essay (with more, an essay's raters have too many kinds to
 * integrate over in the time of a test run). SIM_BAYES=0 skips them (quicker experiments).
 */
function hasBayesBound(size: number, peerCount: number): boolean {
  if (process.env.SIM_BAYES === '0' || peerCount < 2) return false;
  return size <= 5 || (size <= 10 && peerCount <= 4);
}

// The Bayes-optimal choice of the `quota` reviewers most probably of the watched kind, from the
// marks alone: the expected number of watched reviewers among them (the sum of their posteriors).
function bayesCount(
  standards: Standard[],
  completed: Review[],
  ids: string[],
  reviewers: Map<string, { kind: Kind }>,
  watched: Kind,
  planted: Kind | null,
  mixKinds: Partial<Record<Kind, number>>,
  quota: number,
): number {
  const ratings = completed
    .filter((r) => r.reviewerId !== r.authorId)
    .flatMap((r) =>
      r.responses.flatMap((response, standardIndex) =>
        response.point === null || response.point === undefined
          ? []
          : [{ reviewerId: r.reviewerId, authorId: r.authorId, standardIndex, point: response.point }],
      ),
    );
  const posterior = exactPosterior({
    ids,
    maxPoints: standards.map((s) => s.maxPoint),
    ratings,
    base: kindCounts(reviewers.size, mixKinds),
    planted,
    watched,
  });
  const chosen = [...posterior.values()].sort((a, b) => b - a).slice(0, quota);
  return chosen.reduce((sum, p) => sum + p, 0);
}

// The oracle's share of the watched reviewers marked (oracle.ts): the evaluators are the reviewers
// who share an essay with another reviewer, the quota the engine's.
function oracleCount(
  standards: Standard[],
  completed: Review[],
  truth: Map<string, number[]>,
  reviewers: Map<string, { kind: Kind }>,
  watched: Kind,
  mixKinds: Partial<Record<Kind, number>>,
  evaluatorIds: string[],
  quota: number,
): number {
  const ratingsOf = new Map<string, OracleRating[]>();
  for (const review of completed) {
    if (review.reviewerId === review.authorId) continue;
    const list = ratingsOf.get(review.reviewerId) ?? [];
    review.responses.forEach((r, i) => {
      if (r.point === null || r.point === undefined) return;
      list.push({
        point: r.point,
        maxPoint: standards[i]?.maxPoint ?? 1,
        quality: truth.get(review.authorId)?.[i] ?? 0,
      });
    });
    ratingsOf.set(review.reviewerId, list);
  }
  const others = Object.fromEntries(
    kindCounts(reviewers.size, mixKinds)
      .filter((c) => c.kind !== watched)
      .map((c) => [c.kind, c.count]),
  );
  const watchedIds = new Set([...reviewers].filter(([, r]) => r.kind === watched).map(([id]) => id));
  return oracleMarked(ratingsOf, evaluatorIds, watchedIds, watched, others, quota);
}

interface Criterion {
  label: string;
  passed: boolean;
  /** A goal not yet met is reported but does not fail `--check` (listed as NOT YET MET). */
  gating: boolean;
}

const PLANTED_GOALS: Record<string, number> = { 'same-mark': 0.99, 'max-giver': 0.99, contrarian: 0.95 };
/** Goals reported but not yet met, so not failing `--check` (kind/shape or a mix's ρ). */
const NOT_YET_MET = new Set<string>([
  'rho/careful',
  ...['same-mark', 'max-giver', 'contrarian']
    .flatMap((kind) =>
      ['one of max 3', 'one of max 4–6', 'one of max 7–10', '2–5 standards'].map(
        (shape) => `${kind}/${shape}`,
      ),
    )
    .filter(
      (key) =>
        key !== 'max-giver/2–5 standards' &&
        key !== 'same-mark/2–5 standards' &&
        key !== 'same-mark/one of max 7–10',
    ),
  'same-mark/2',
  'same-mark/unreliable',
]);

function checkDoneCriteria(rows: Row[], planted: Map<Kind, Row[]>): Criterion[] {
  const gain = (r: Row) => r.ours - bestOther(r);
  const gainOverMean = (r: Row) => r.ours - Math.max(r.mean, r.median);
  const worst = Math.min(...rows.map(gain));
  const unreliable = rows.filter((r) => r.mix === 'unreliable' && r.peerCount >= 2);
  const worstUnreliable = Math.min(...unreliable.map(gainOverMean));
  const sameMarkRows = planted.get('same-mark') ?? [];
  const lowestAt = (kind: Kind, test: (k: number) => boolean, pick: typeof Math.min) =>
    pick(...(planted.get(kind) ?? []).filter((r) => test(r.peerCount)).map((r) => r.sameMarkLowest ?? 0));
  const unexplained = Math.max(...sameMarkRows.map((r) => r.sameMarkUnexplained));
  const marginIn = (mixes: string[]) =>
    Math.min(
      ...rows
        .filter((r) => r.peerCount >= 3 && r.abilityRank !== null && mixes.includes(r.mix))
        .map((r) => (r.abilityRank ?? 0) - (r.baselineRank ?? 0)),
    );
  const weakestIn = (mix: string, minSize = 0) =>
    Math.min(
      ...rows
        .filter((r) => r.peerCount >= 4 && r.mix === mix && r.size >= minSize)
        .map((r) => r.abilityRank ?? 0),
    );
  // Unreliable classes of 5 hold one or two reviewers of each kind: there the plain leave-one-out
  // baseline itself stays at 0.50–0.63, so the 0.8 goal is for classes of 10+.
  const baselineIn = (mix: string, size: number) =>
    Math.max(
      ...rows
        .filter((r) => r.peerCount >= 4 && r.mix === mix && r.size === size)
        .map((r) => r.baselineRank ?? 0),
    );
  const carefulShare = (test: (k: number) => boolean) => {
    const picked = rows.filter((r) => test(r.peerCount));
    const measured = picked.reduce((sum, r) => sum + r.carefulMeasured, 0);
    return measured > 0 ? picked.reduce((sum, r) => sum + r.carefulZero, 0) / measured : 0;
  };
  const worstCompared = Math.min(...rows.filter((r) => r.peerCount >= 2).map(gain));
  const worstOverMean = Math.min(...rows.map(gainOverMean));
  const worstUnreliable3 = Math.min(...unreliable.filter((r) => r.peerCount >= 3).map(gainOverMean));
  const criteria: Criterion[] = [
    {
      label: `ours − better of mean and median ≥ −0.010 in every scenario, 1 reviewer per essay included (worst ${formatSigned(worstOverMean)})`,
      passed: worstOverMean >= -0.01,
      gating: true,
    },
    {
      label: `ours − best of mean, median, Hamer and Vancouver ≥ −0.010 in every scenario with 2+ reviewers per essay (worst ${formatSigned(worstCompared)})`,
      passed: worstCompared >= -0.01,
      gating: !NOT_YET_MET.has('delta4/2'),
    },
    {
      label: `ours − best of mean, median, Hamer and Vancouver ≥ −0.010 in every scenario, 1 reviewer per essay included (worst ${formatSigned(worst)})`,
      passed: worst >= -0.01,
      gating: !NOT_YET_MET.has('delta4/all'),
    },
    {
      label: `clearly better than mean and median (≥ +${CLEAR_GAIN.toFixed(3)}) with unreliable reviewers and 3+ per essay (smallest ${formatSigned(worstUnreliable3)})`,
      passed: worstUnreliable3 >= CLEAR_GAIN,
      gating: true,
    },
    {
      label: `clearly better than mean and median (≥ +${CLEAR_GAIN.toFixed(3)}) with unreliable reviewers wherever reviewers can be compared (2+ per essay; smallest ${formatSigned(worstUnreliable)})`,
      passed: worstUnreliable >= CLEAR_GAIN,
      gating: !NOT_YET_MET.has('unreliable-gain/2'),
    },
    ...Object.keys(MIXES).map((mix) => ({
      label: `ρ ability ≥ the leave-one-out baseline's with 3+ reviewers per essay in ${mix} classes (smallest margin ${formatSigned(marginIn([mix]))})`,
      passed: marginIn([mix]) >= 0,
      gating: !NOT_YET_MET.has(`rho/${mix}`),
    })),
    {
      label: `ρ ability ≥ 0.800 with 4+ reviewers per essay in typical classes (lowest ${formatFixed(weakestIn('typical'))})`,
      passed: weakestIn('typical') >= 0.8,
      gating: !NOT_YET_MET.has('rho0.8/typical'),
    },
    {
      label: `ρ ability ≥ 0.800 with 4+ reviewers per essay in unreliable classes of 10+ (lowest ${formatFixed(weakestIn('unreliable', 10))}; classes of 5 ${formatFixed(weakestIn('unreliable', 5))}, where the baseline reaches at most ${formatFixed(baselineIn('unreliable', 5))})`,
      passed: weakestIn('unreliable', 10) >= 0.8,
      gating: !NOT_YET_MET.has('rho0.8/unreliable'),
    },
    {
      label: `careful reviewers given accuracy 0 ≤ 1 % with 3+ reviewers per essay (${formatPercent1(carefulShare((k) => k >= 3))}; with 2: ${formatPercent1(carefulShare((k) => k === 2))})`,
      passed: carefulShare((k) => k >= 3) <= 0.01,
      gating: true,
    },
  ];
  const selfRows = rows.filter((r) => r.peerCount >= 3);
  const selfShare = Math.min(
    ...[...new Set(selfRows.map((r) => r.mix))].map((mix) => {
      const picked = selfRows.filter((r) => r.mix === mix);
      const clear = picked.reduce((sum, r) => sum + r.selfClear, 0);
      return clear > 0 ? picked.reduce((sum, r) => sum + r.selfAgree, 0) / clear : 1;
    }),
  );
  criteria.push({
    label: `metacognition: the self-assessment's signed gap agrees in sign with the learner's true over- or under-confidence (beyond 5 % of the scale) in ≥ 85 % of cases with 3+ reviewers per essay, in every mix (lowest ${formatPercent1(selfShare)})`,
    passed: selfShare >= 0.85,
    gating: true,
  });
  const helpMargin = (minSize: number) =>
    Math.min(
      ...rows
        .filter((r) => r.peerCount >= 2 && r.size >= minSize && r.helpOurs !== null && r.helpRaw !== null)
        .map((r) => (r.helpOurs ?? 0) - (r.helpRaw ?? 0)),
    );
  for (const minSize of [10, SIZES[0] ?? 5]) {
    criteria.push({
      label: `helpfulness: the adjusted feedback score ranks reviewers at least as well as the raw mean stars (−0.005 slack) with 2+ reviewers per essay in classes of ${minSize}+ (smallest margin ${formatSigned(helpMargin(minSize))})`,
      passed: helpMargin(minSize) >= -0.005,
      gating: !NOT_YET_MET.has(`help/${minSize}`),
    });
  }
  const colluding = rows.filter((r) => r.mix === 'colluding' && r.peerCount >= 3 && r.liftMean !== null);
  // Issue 32: neither lifted by more than 2/3 of the mean's lift nor pushed below the truth by
  // more than that.
  const collusionRatio = Math.max(
    ...colluding.map((r) => Math.abs(r.liftOurs ?? 0) / Math.max(1e-9, r.liftMean ?? 0)),
  );
  const collusionLow = Math.min(...colluding.map((r) => (r.liftOurs ?? 0) / Math.max(1e-9, r.liftMean ?? 0)));
  criteria.push({
    label: `colluding pairs' essay lift within ±${formatFixed(COLLUSION_GOAL)} of the plain mean's lift with 3+ reviewers per essay (range ${formatSigned(collusionLow)} to ${formatSigned(Math.max(...colluding.map((r) => (r.liftOurs ?? 0) / Math.max(1e-9, r.liftMean ?? 0))))})`,
    passed: collusionRatio <= COLLUSION_GOAL,
    gating: !NOT_YET_MET.has('collusion'),
  });
  const sameMarkCells = rows.filter((r) => r.mix === 'unreliable' && r.peerCount >= 3);
  const sameMarkMix = Math.min(...sameMarkCells.map((r) => r.sameMarkLowest ?? 0));
  const sameMarkFailingCells = sameMarkCells.filter(
    (r) =>
      (r.sameMarkLowest ?? 0) < 0.99 &&
      !(r.sameMarkBayes !== null && r.sameMarkBayes < 0.99 && meetsBayesBound(r)),
  );
  const sameMarkFailing = sameMarkFailingCells.length;
  const sameMarkTruthPasses = sameMarkFailingCells.filter((r) => r.sameMarkTruth >= 0.99).length;
  criteria.push({
    label: `same-mark reviewers of unreliable classes land in the lowest 30 % in ≥ 99 % of cases (or within two standard errors of a lower Bayes bound) with 3+ reviewers per essay (worst ${formatPercent1(sameMarkMix)}; ${sameMarkFailing} cells failing${sameMarkFailing === 0 ? '' : `, of which ranking by true accuracy would reach the goal in ${sameMarkTruthPasses}`})`,
    passed: sameMarkFailing === 0,
    gating: !NOT_YET_MET.has('same-mark/unreliable'),
  });
  // Issue 32: a cell meets the goal, or, where the exact Bayes bound of oracle.ts is below the goal,
  // comes within two standard errors of that bound (no method can do better from the marks alone).
  for (const kind of PLANTED_KINDS) {
    const goal = PLANTED_GOALS[kind] ?? 1;
    for (const shape of PLANTED_SHAPES) {
      const cells = (planted.get(kind) ?? []).filter((r) => r.shape === shape && r.peerCount >= 3);
      const worstAt = Math.min(...cells.map((r) => r.sameMarkLowest ?? 0));
      const below = cells.filter((r) => (r.sameMarkLowest ?? 0) < goal);
      const bounded = below.filter((r) => r.sameMarkBayes !== null && r.sameMarkBayes < goal);
      const failing = below.filter((r) => !meetsBayesBound(r));
      const worstGap = Math.min(0, ...bounded.map((r) => (r.sameMarkLowest ?? 0) - (r.sameMarkBayes ?? 0)));
      // How many failing cells a ranking by the true accuracy itself would pass: the rest ask the
      // red marks to pick out the kind where the truly weakest graders are others.
      const truthPasses = failing.filter((r) => r.sameMarkTruth >= goal).length;
      const detail =
        below.length === 0
          ? ''
          : `; ${below.length} cells below the goal, ${bounded.length} of them where the Bayes bound is below it too ` +
            `(largest shortfall from the bound ${formatPercent1(-worstGap)}), ${failing.length} failing` +
            (failing.length === 0
              ? ''
              : `, of which ranking by true accuracy would reach the goal in ${truthPasses}`);
      criteria.push({
        label: `the ${kind} reviewer lands in the lowest 30 % in ≥ ${formatPercent(goal)} of cases, or within two standard errors of the Bayes bound where that is lower, in every cell with 3+ reviewers per essay, rubric ${shape} (worst ${formatPercent1(worstAt)}${detail})`,
        passed: failing.length === 0,
        gating: !NOT_YET_MET.has(`${kind}/${shape}`),
      });
    }
  }
  criteria.push({
    label:
      `with 2 reviewers per essay the same-mark reviewer lands in the lowest 30 % wherever its marks are unlikely for a careful reviewer ` +
      `(marked in ${formatPercent(lowestAt('same-mark', (k) => k === 2, Math.min))}–${formatPercent(lowestAt('same-mark', (k) => k === 2, Math.max))} of the classes; ` +
      `every other miss should be one the tracking test left half its credit or more; worst cell of other misses ${formatPercent(unexplained)})`,
    passed: unexplained === 0 && Math.max(...sameMarkRows.map((r) => r.sameMarkOutranked)) === 0,
    gating: !NOT_YET_MET.has('same-mark/2'),
  });
  return criteria;
}

// A cell below its goal passes when the exact Bayes bound is below the goal too and the engine's
// share is within two standard errors of the bound (the bound's own error and the share's binomial
// error over the watched reviewers simulated).
function meetsBayesBound(r: Row): boolean {
  const share = r.sameMarkLowest ?? 0;
  if (r.sameMarkBayes === null) return false;
  const shareError = r.sameMarkCount > 0 ? Math.sqrt((share * (1 - share)) / r.sameMarkCount) : 0;
  const error = Math.sqrt((r.sameMarkBayesError ?? 0) ** 2 + shareError ** 2);
  return share >= r.sameMarkBayes - 2 * error;
}

// The best essay-score correlation of the methods we compare with.
function bestOther(r: Row): number {
  return Math.max(r.mean, r.median, r.hamer, r.vancouver);
}

const REAL_HEADING = '## The real class (University of Auckland, 2023)';

/**
 * Goals on the real class reported but not yet met, so not failing `--check`: none since stop 55
 * (the essay score ahead of the plain mean on Spearman by +0.0003 with the posterior mean, a tie
 * within noise, now gates like the rest).
 */
const REAL_NOT_YET_MET = new Set<string>([]);

// The goals of issue 32 on the real class: each difference (positive favours the engine) must be
// above 0 for the essay score (ahead of the mean and the median) and at least 0 for the
// evaluators; its bootstrap interval says whether the gap is beyond noise.
function checkRealClass(real: RealReport): Criterion[] {
  return real.differences.map((d) => {
    const strict = d.key.startsWith('spearman') || d.key.startsWith('mae');
    const passed = strict ? d.value > 0 : d.value >= 0;
    const noise =
      d.low <= 0 && d.high >= 0 ? 'within noise' : d.low > 0 ? 'beyond noise' : 'behind, beyond noise';
    return {
      label: `real class: ${d.label} ${strict ? '> 0' : '≥ 0'} (${formatSigned(d.value)}, 95 % interval ${formatSigned(d.low)} to ${formatSigned(d.high)}: ${noise})`,
      passed,
      gating: !REAL_NOT_YET_MET.has(d.key),
    };
  });
}

function renderRealClass(real: RealReport, criteria: Criterion[]): string {
  const f = real.figures;
  const names: Record<string, string> = {
    mean: 'plain mean of the peers',
    median: 'median per item (ORA2)',
    trimmed: 'trimmed mean per item (furthest mark from the median left out)',
    hamer: 'Hamer',
    vancouver: 'Vancouver',
    engine: 'engine (essay consensus)',
  };
  const lines = [
    REAL_HEADING,
    '',
    'Read from `../shared/data/peer-grading-auckland/` (or `$PW_REAL_DATA_DIR`), never copied into the',
    'repository: 247 submissions, each graded by 3 peers and 3 tutors on five rubric items worth 2, 3,',
    '2, 3 and 4 points (fractional peer points; 305 peers, 29 of them with one review). Scored as one',
    'assignment: the peers as reviewers without essays, the submissions as authors. The yardstick is',
    "the tutors' mean per item. `npm run simulate -- --real` prints this section alone.",
    '',
    '| essay score | Spearman | MAE (points of 14) | within 1.4 points |',
    '|---|---:|---:|---:|',
    ...Object.entries(f.essay).map(
      ([method, e]) =>
        `| ${names[method] ?? method} | ${formatFixed(e.spearman)} | ${formatFixed(e.mae)} | ${formatPercent1(e.within)} |`,
    ),
    '',
    `Evaluators: the ${f.graders} graders with two or more reviews; true error = mean absolute distance of`,
    "their marks from the tutors' mean on the same items (points).",
    '',
    '| evaluator measure | Spearman with −(true error) | marked in the true worst 30 % |',
    '|---|---:|---:|',
    `| engine (accuracy; red marks) | ${formatFixed(f.evaluation.engine)} | ${formatPercent1(f.redMarks.engine)} of ${f.redMarks.engineMarked} |`,
    `| leave-one-out: −mean distance to the other peers' plain mean (lowest 30 %) | ${formatFixed(f.evaluation.leaveOneOut)} | ${formatPercent1(f.redMarks.leaveOneOut)} of ${f.redMarks.leaveOneOutMarked} |`,
    '',
    `Differences, positive = the engine ahead, with 95 % percentile intervals from ${real.resamples} bootstrap`,
    'resamples of the submissions (each resample scored from scratch by every method; fixed seed):',
    '',
    '| difference | value | 95 % interval |',
    '|---|---:|---|',
    ...real.differences.map(
      (d) => `| ${d.label} | ${formatSigned(d.value)} | ${formatSigned(d.low)} to ${formatSigned(d.high)} |`,
    ),
    '',
    '### Real-class criteria',
    '',
    ...criteria.map((c) => `- ${describeCriterion(c)}`),
  ];
  return `${lines.join('\n')}\n`;
}

function describeCriterion(c: Criterion): string {
  return `${c.passed ? 'PASS' : c.gating ? 'FAIL' : 'NOT YET MET'}: ${c.label}`;
}

const PLANTED_TITLES: Record<string, string> = {
  'same-mark': 'gives the same mark to everything',
  'max-giver': 'gives the maximum to everything',
  contrarian: 'marks against the quality (high for weak essays, low for strong ones)',
};

// The calibration variant (issue 34, item 1): the same classes scored without and with the
// calibration prior. Each reviewer first scores CALIBRATION_EXAMPLES example essays (drawn like
// any essay; the instructor's points are the true quality rounded) with their own way of marking;
// their closeness (packages/domain/src/calibration) is the engine's prior on their weight. Its own
// random stream: the classes are those of the main table's seeds, and the run stays short (a few
// classes of 30, on the main thread).
const CALIBRATION_EXAMPLES = 2;
const CALIBRATION_SCENARIOS = [
  { mix: 'typical', peerCount: 2 },
  { mix: 'typical', peerCount: 3 },
  { mix: 'unreliable', peerCount: 2 },
  { mix: 'unreliable', peerCount: 3 },
];
const CALIBRATION_SIZE = 30;
const CALIBRATION_REPETITIONS = 20;

interface CalibrationRow {
  mix: string;
  peerCount: number;
  /** r of the essay scores with the true quality, without and with the prior. */
  without: number;
  with: number;
  /** Spearman ρ of the calibration closeness with the reviewers' true accuracy. */
  informative: number;
}

function simulateCalibration(): CalibrationRow[] {
  return CALIBRATION_SCENARIOS.map(({ mix, peerCount }) => {
    let without = 0;
    let withPrior = 0;
    let informative = 0;
    for (let rep = 0; rep < CALIBRATION_REPETITIONS; rep++) {
      const random = createRandom(`calibration-${mix}-${peerCount}-${rep}`);
      const { standards, ids, truth, reviewers, reviews } = drawClass(
        CALIBRATION_SIZE,
        peerCount,
        mixOf(mix),
        null,
        'mixed',
        random,
      );
      const examples = Array.from({ length: CALIBRATION_EXAMPLES }, () => {
        const ability = QUALITY_MODEL.abilityMean + QUALITY_MODEL.abilitySd * drawGaussian(random);
        return standards.map(() => clampUnit(ability + QUALITY_MODEL.standardSd * drawGaussian(random)));
      });
      const rubric = standards.map((s) => ({ maxPoint: s.maxPoint }));
      const calibration: CalibrationEvidence[] = ids.flatMap((id) => {
        const closeness = overallCloseness(
          examples.map((quality) =>
            exampleCloseness(
              rubric,
              quality.map((q, i) => rate(reviewers.get(id), q, standards[i]?.maxPoint ?? 1, random)),
              quality.map((q, i) => Math.round(q * (standards[i]?.maxPoint ?? 1))),
            ),
          ),
        );
        return closeness === null ? [] : [{ learnerId: id, closeness }];
      });
      const input = {
        settings: { standards, maxScores: { essayWriting: 70, peerReview: 30 } },
        learners: ids.map((id) => ({ id })),
        reviews,
      };
      const trueTotals = ids.map((id) => sumTruePoints(standards, truth.get(id) ?? []));
      const essayScores = (r: ReturnType<typeof scoreAssignment>) =>
        r.learners.map((l) => l.scores.essayWriting);
      without += pearson(essayScores(scoreAssignment(input)), trueTotals);
      withPrior += pearson(essayScores(scoreAssignment({ ...input, calibration })), trueTotals);
      const completed = reviews.filter((r) => r.isCompleted);
      informative += spearman(
        calibration.map((c) => c.closeness),
        calibration.map((c) => measureTrueAccuracy(standards, c.learnerId, completed, truth)),
      );
    }
    return {
      mix,
      peerCount,
      without: without / CALIBRATION_REPETITIONS,
      with: withPrior / CALIBRATION_REPETITIONS,
      informative: informative / CALIBRATION_REPETITIONS,
    };
  });
}

function renderCalibration(rows: CalibrationRow[]): string[] {
  const lines = [
    '',
    '## Calibration variant',
    '',
    `Classes of ${CALIBRATION_SIZE} (${CALIBRATION_REPETITIONS} per row) in which every reviewer first scored ${CALIBRATION_EXAMPLES}`,
    "example essays in their own way of marking, against the instructor's points (the true quality",
    'rounded). Their calibration closeness (1 − mean |difference| ÷ range) multiplies their weight',
    'by 1 + 0.6 × (closeness − 0.5) (docs/scoring.md, "Calibration prior"). *r without / with*: Pearson',
    'correlation of the essay scores with the true quality; *ρ closeness*: Spearman correlation of',
    "the closeness with the reviewer's true accuracy (how much a short calibration tells).",
    '',
    '| Mix | Reviewers | r without | r with | Δ | ρ closeness |',
    '|---|---:|---:|---:|---:|---:|',
  ];
  for (const r of rows) {
    lines.push(
      `| ${r.mix} | ${r.peerCount} | ${formatFixed(r.without)} | ${formatFixed(r.with)} | ` +
        `${formatSigned(r.with - r.without)} | ${formatFixed(r.informative)} |`,
    );
  }
  return lines;
}

function renderReport(rows: Row[], planted: Map<Kind, Row[]>, calibration: CalibrationRow[]): string {
  const lines = [
    '# Scoring simulation',
    '',
    'Generated by `npm run simulate -- --write` (packages/domain/scripts/simulate.ts); deterministic.',
    '',
    'Each scenario simulates about 1200 essays (repeated classes of the given size; 4800 in classes',
    'of 5, whose per-class rank correlations over five reviewers are the coarsest). Every class',
    'draws its own rubric: 1–5 standards, each with a maximum of 3..10 points. True quality per',
    'standard = essay ability N(0.6, 0.15) + N(0, 0.08). Reviewers: careful (noise 0.08 of the',
    'scale), noisy (0.25), lenient (+0.2), harsh (−0.2), same-mark (one fixed mark for everything),',
    'random (uniform) and colluder (careful, but gives their partner the maximum; each pair also',
    'reviews each other on top of the matching); planted below: max-giver (the maximum for',
    'everything) and contrarian (1.2 − quality + noise 0.08: against the quality). Mixes: careful =',
    'all careful; typical = 70 % careful, 20 % noisy, 5 % lenient, 5 % harsh; unreliable = 40 %',
    'careful, 15 % noisy, 10 % lenient, 10 % harsh, 10 % same-mark, 15 % random; unfinished =',
    'typical with 20 % of the assigned reviews left unfinished; colluding = typical with 10 % of the',
    'class in colluding pairs (taken from the careful).',
    '',
    '- *r ours / mean / median*: Pearson correlation of essay scores with the true quality, for our',
    '  essay score, the plain mean of the same ratings and the per-standard median (ORA2).',
    "- *ρ ability*: Spearman rank correlation of our evaluation accuracy with each reviewer's true",
    '  accuracy (minus the RMS distance of their marks from the true quality).',
    '- *ρ baseline*: the same for a plain leave-one-out distance (minus the RMS distance of the',
    "  reviewer's marks from the plain mean of the others' marks on the same essay and standard).",
    '- *ρ bound*: in classes with same-mark reviewers, the best ρ any ranking can reach that puts',
    '  them lowest, as the red-mark goal asks (the true accuracies with the same-mark reviewers moved',
    '  below everyone): where it is below the baseline, the two goals cannot both be met.',
    '- *r Hamer / r Vancouver*: the essay scores of Hamer, Ma and Kwong (2005) and of CrowdGrader',
    '  ("Vancouver", de Alfaro and Shavlovsky 2014), written in the script from their papers.',
    '- *Δ*: ours minus the best of mean, median, Hamer and Vancouver.',
    '- *self sign*: learners whose self-assessment is off the truth by 5 % of the scale or more (bias',
    '  N(0, 0.12) + noise 0.05 per standard), and the share the engine signs the same way.',
    '- *careful at 0*: share of careful reviewers given evaluation accuracy exactly 0.',
    '- *same-mark low*: share of same-mark reviewers marked as the lowest 30 % of evaluators; in',
    '  classes of 5, in brackets, the most any method can mark from the marks alone (the Bayes bound',
    '  of the red-mark tables below).',
    '- *red in worst 30 % ours / LOO*: share of the red marks (the lowest 30 % of evaluators by',
    "  trust) whose true accuracy is among the class's lowest 30 %, and the same for the lowest 30 %",
    "  by the leave-one-out distance: the real class's red-mark measure (section below).",
    "- *lift ours / mean*: how much higher the colluders' essays score than their true quality, beyond",
    '  the other essays (share of the scale), under our score and the plain mean.',
    '- *ρ help ours / raw*: Spearman correlation with true helpfulness of the feedback score (stars',
    '  adjusted per rater) and of the raw mean stars. Each reviewer has a true helpfulness',
    '  N(0.6, 0.15), each author a rater bias N(0, 0.15); stars = 1 + 4 × (helpfulness + bias +',
    '  N(0, 0.15)), rounded, 1..5; every completed review is rated by its author.',
    '  With one reviewer per essay nobody can be compared, so ability is not measured (–).',
    '',
    'With one reviewer per essay every method gives the same score: each essay has one rating and',
    'each reviewer rated one essay nobody else rated, so nothing tells a careful reviewer from a',
    'careless one (Δ is 0 by construction; ask for 2+ reviewers per essay).',
    '',
    '| Class | Reviewers | Mix | r ours | r mean | r median | r Hamer | r Vancouver | Δ | ρ ability | ρ baseline | ρ bound | careful at 0 | same-mark low | red in worst 30 % ours / LOO | lift ours / mean | ρ help ours / raw | self sign |',
    '|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const r of rows) {
    lines.push(
      `| ${r.size} | ${r.peerCount} | ${r.mix} | ${formatFixed(r.ours)} | ${formatFixed(r.mean)} | ${formatFixed(r.median)} | ` +
        `${formatFixed(r.hamer)} | ${formatFixed(r.vancouver)} | ` +
        `${formatSigned(r.ours - bestOther(r))} | ${r.abilityRank === null ? '–' : formatFixed(r.abilityRank)} | ` +
        `${r.baselineRank === null ? '–' : formatFixed(r.baselineRank)} | ` +
        `${r.abilityBound === null ? '–' : formatFixed(r.abilityBound)} | ` +
        `${r.carefulMeasured === 0 ? '–' : formatPercent1(r.carefulZero / r.carefulMeasured)} | ` +
        `${r.sameMarkLowest === null ? '–' : formatPercent(r.sameMarkLowest)}${r.sameMarkLowest === null || r.sameMarkBayes === null ? '' : ` (≤ ${formatPercent(r.sameMarkBayes)})`} | ` +
        `${r.redInWorst === null || r.baselineInWorst === null ? '–' : `${formatPercent(r.redInWorst)} / ${formatPercent(r.baselineInWorst)}`} | ` +
        `${r.liftOurs === null || r.liftMean === null ? '–' : `${formatFixed(r.liftOurs)} / ${formatFixed(r.liftMean)}`} | ` +
        `${r.helpOurs === null || r.helpRaw === null ? '–' : `${formatFixed(r.helpOurs)} / ${formatFixed(r.helpRaw)}`} | ` +
        `${r.selfClear === 0 ? '–' : formatPercent(r.selfAgree / r.selfClear)} |`,
    );
  }
  const unreliable = rows.filter(
    (r) => r.mix === 'unreliable' && r.peerCount >= 3 && r.sameMarkLowest !== null,
  );
  if (unreliable.length > 0) {
    lines.push(
      '',
      'Of the same-mark reviewers of unreliable classes not marked with 3+ reviewers per essay, the',
      'share truly more accurate than the marked evaluator the engine trusts most, whose red mark',
      `marking them would have taken: ${formatDisplaced(unreliable)}.`,
    );
  }
  for (const kind of PLANTED_KINDS) {
    const kindRows = planted.get(kind) ?? [];
    const counts = PEER_COUNTS.filter((k) => k > 1);
    lines.push(
      '',
      `## The ${kind} reviewer`,
      '',
      `A typical class where 5 % of the learners (at least one) ${PLANTED_TITLES[kind] ?? kind}: how`,
      'often such a learner is among the evaluators marked red (the lowest 30 % by agreement ×',
      'discrimination², docs/scoring.md section 9),',
      'over about 100 such learners per cell, by rubric shape. In brackets, three yardsticks',
      '(scripts/oracle.ts; docs/scoring.md, section 16):',
      '',
      '- *truth*: how often their true accuracy (distance of their marks from the true quality) is',
      "  among the lowest 30 % of the class's evaluators: what ranking by accuracy itself would mark;",
      "- *oracle*: how often a ranking that knows every essay's true quality and exactly how each kind",
      '  of reviewer marks (the likelihood ratio of their marks, this kind against the others of the',
      '  class) marks them: far more than any engine can know;',
      '- *Bayes* (classes of 5 only): the expected share marked by the Bayes-optimal choice from the',
      "  marks alone, knowing how each kind marks and the class's make-up (the exact posterior over",
      '  every assignment of the kinds to the members, the qualities integrated out). No method that',
      '  sees only the marks can do better on average: where it is below the goal, the goal cannot be',
      '  met in that cell (about 100 classes per cell: a standard error of 1–4 points).',
      '',
      'Cells read: ours (truth · oracle · Bayes).',
      '',
      `| Rubric | Class | ${counts.map((k) => `${k} reviewers`).join(' | ')} |`,
      `|---|---:|${counts.map(() => '---:').join('|')}|`,
    );
    for (const shape of PLANTED_SHAPES) {
      for (const size of SIZES) {
        const cells = kindRows
          .filter((r) => r.shape === shape && r.size === size)
          .map(
            (r) =>
              `${formatPercent(r.sameMarkLowest ?? 0)} (${formatPercent(r.sameMarkTruth)} · ${formatPercent(r.sameMarkOracle)}${r.sameMarkBayes === null ? '' : ` · ${formatPercent1(r.sameMarkBayes)} ± ${formatPercent1(r.sameMarkBayesError ?? 0)}`})`,
          );
        lines.push(`| ${shape} | ${size} | ${cells.join(' | ')} |`);
      }
    }
    lines.push('', ...describeDisplaced(kind, kindRows));
  }
  const missed = (planted.get('same-mark') ?? []).filter((r) => (r.sameMarkLowest ?? 0) < 1);
  if (missed.length > 0) {
    lines.push(
      '',
      'Why the same-mark reviewer was not marked, where it happened (share of the classes): *outranked',
      'at 0*: more evaluators share accuracy 0 with them than fit in the 30 %; *alike*: a careful',
      'reviewer would often have given the same marks to these essays (the tracking test left at',
      'least half the credit: discrimination ≥ 0.5), so the data can hardly tell them apart;',
      '*other*: marked down, but others were lower still.',
      '',
      '| Rubric | Class | Reviewers | marked | outranked at 0 | alike | other |',
      '|---|---:|---:|---:|---:|---:|---:|',
    );
    for (const r of missed) {
      lines.push(
        `| ${r.shape} | ${r.size} | ${r.peerCount} | ${formatPercent(r.sameMarkLowest ?? 0)} | ${formatPercent(r.sameMarkOutranked)} | ` +
          `${formatPercent(r.sameMarkAlike)} | ${formatPercent(r.sameMarkUnexplained)} |`,
      );
    }
  }
  lines.push(...renderCalibration(calibration));
  lines.push('', '## Done criteria', '');
  for (const c of checkDoneCriteria(rows, planted)) lines.push(`- ${describeCriterion(c)}`);
  return `${lines.join('\n')}\n`;
}

// Of the planted reviewers missed with 3+ reviewers per essay, the share truly more accurate than
// the marked evaluator the engine trusts most, by rubric shape: misses that marking them would
// have paid for by taking the red mark off a truly weaker grader.
function describeDisplaced(kind: string, kindRows: Row[]): string[] {
  const parts = PLANTED_SHAPES.map(
    (shape) => `${shape} ${formatDisplaced(kindRows.filter((r) => r.shape === shape && r.peerCount >= 3))}`,
  );
  return [
    `Of the ${kind} reviewers not marked with 3+ reviewers per essay, the share truly more accurate`,
    'than the marked evaluator the engine trusts most, whose red mark marking them would have taken:',
    `${parts.join('; ')}.`,
  ];
}

// "54 % of 354": of the watched reviewers the rows' cells missed, the share displaced (above).
function formatDisplaced(cells: Row[]): string {
  const misses = cells.reduce((sum, r) => sum + (1 - (r.sameMarkLowest ?? 0)) * r.sameMarkCount, 0);
  const displaced = cells.reduce((sum, r) => sum + r.sameMarkDisplaced * r.sameMarkCount, 0);
  return misses < 0.5 ? 'none missed' : `${formatPercent(displaced / misses)} of ${Math.round(misses)}`;
}

function drawGaussian(random: Random): number {
  const u = 1 - random.next();
  const v = random.next();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

function sumTruePoints(standards: Standard[], shares: number[]): number {
  return standards.reduce((sum, s, i) => sum + (shares[i] ?? 0) * s.maxPoint, 0);
}

function computeMean(values: number[]): number {
  return values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length;
}

function computeMedian(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

function clampUnit(value: number): number {
  return Math.min(1, Math.max(0, value));
}

function formatFixed(value: number): string {
  return value.toFixed(3);
}

function formatSigned(value: number): string {
  return `${value >= 0 ? '+' : '−'}${Math.abs(value).toFixed(3)}`;
}

function formatPercent1(value: number): string {
  return `${(value * 100).toFixed(1)} %`;
}

function formatPercent(value: number): string {
  return `${Math.round(value * 100)} %`;
}

if (!isMainThread && (workerData as { simulationWorker?: boolean } | null)?.simulationWorker) {
  parentPort?.on('message', (message: { index: number; scenario: Scenario } | null) => {
    if (message === null) {
      parentPort?.close();
      return;
    }
    parentPort?.postMessage({ index: message.index, row: runScenario(message.scenario) });
  });
} else if (process.argv[1] !== undefined && pathToFileURL(process.argv[1]).href === import.meta.url) {
  // Run as a script (not imported by the scoring identity check).
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}

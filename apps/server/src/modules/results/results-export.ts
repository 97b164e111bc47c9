import { type CourseResults, type Language, type ResultRow, sheetName, stageLabel } from '@pw/contract';
import type { Db } from '../../db/client';
import { type SheetCell, writeWorkbook } from '../../lib/excel';
import type { Caller } from '../courses/courses.policy';
import { buildCourseResults } from './course-results';
import { assertCanReadResults } from './results.policy';
import { loadResultsMembership } from './results.queries';

const LABELS: Record<Language, Record<string, string>> = {
  ko: {
    results: '과제 점수',
    weights: '가중치',
    code: '학번',
    name: '이름',
    email: '이메일',
    state: '상태',
    active: '수강',
    withdrawn: '수강 제한',
    undone: '미수행',
    tasks: '전체 활동',
    undoneDetail: '미수행 내역',
    total: '합계',
    conversion: '환산 점수',
    assignment: '과제',
    weight: '가중치',
    maxTotal: '만점',
    ES: '글쓰기',
    PE: '평가 능력',
    ME: '메타인지',
    FE: '피드백',
    RE: '고쳐쓰기',
  },
  en: {
    results: 'Assignment scores',
    weights: 'Weights',
    code: 'Student ID',
    name: 'Name',
    email: 'Email',
    state: 'State',
    active: 'enrolled',
    withdrawn: 'withdrawn',
    undone: 'Not performed',
    tasks: 'Tasks',
    undoneDetail: 'Not performed, by stage',
    total: 'Total',
    conversion: 'Converted score',
    assignment: 'Assignment',
    weight: 'Weight',
    maxTotal: 'Maximum',
    ES: 'Writing',
    PE: 'Evaluation ability',
    ME: 'Metacognition',
    FE: 'Feedback',
    RE: 'Revision',
  },
};

/** The stages of the not-performed counts, as the results page names them. */
const undoneUnit: Record<Language, (u: ResultRow['not_performed'][number], stage: string) => string> = {
  ko: (u, stage) => `${stage} ${u.total}개 중 ${u.not_performed}개`,
  en: (u, stage) => `${stage} ${u.not_performed} of ${u.total}`,
};

const PARTS = [
  ['total', 'total'],
  ['essay_writing_score', 'ES'],
  ['peer_review_score', 'PE'],
  ['metacognition_score', 'ME'],
  ['feedback_review_score', 'FE'],
  ['revisement_score', 'RE'],
] as const;

/**
 * The course results as a workbook (`lib/excel.ts`): one
 * sheet of assignment scores, one row per learner (withdrawn learners last, marked), the total and
 * the five scores of each assignment, the stage tasks not performed (how many, out of how many,
 * and by stage, as the results page's column shows them), the sum and the converted score; a
 * second sheet of weights.
 */
export async function exportCourseResults(input: {
  db: Db;
  caller: Caller;
  courseId: number;
  lang: Language;
}) {
  const { db, courseId, lang } = input;
  const m = await loadResultsMembership(db, input.caller, courseId);
  assertCanReadResults(m);
  const results = await buildCourseResults(db, courseId);
  return { name: m.course.name, book: await resultsWorkbook(results, lang) };
}

function resultsWorkbook(results: CourseResults, lang: Language): Promise<Buffer> {
  const L = LABELS[lang];
  const headers = results.table.headers;
  const columns = [
    { header: L.code, key: 'code', width: 14 },
    { header: L.name, key: 'name', width: 16 },
    { header: L.email, key: 'email', width: 26 },
    { header: L.state, key: 'state', width: 10 },
    ...headers.flatMap((h) =>
      PARTS.map(([key, label]) => ({ header: `${h.name} ${L[label]}`, key: `${h.pk}-${key}`, width: 12 })),
    ),
    { header: L.undone, key: 'undone', width: 10 },
    { header: L.tasks, key: 'tasks', width: 10 },
    { header: L.undoneDetail, key: 'undoneDetail', width: 36 },
    { header: L.total, key: 'total', width: 10 },
    { header: L.conversion, key: 'conversion', width: 12 },
  ].map((c) => ({ ...c, header: c.header ?? '' }));
  const row = (r: ResultRow) => {
    const values: Record<string, SheetCell> = {
      code: r.code,
      name: r.name,
      email: r.email,
      state: r.is_active ? (L.active ?? '') : (L.withdrawn ?? ''),
      undone: r.not_performed.reduce((sum, u) => sum + u.not_performed, 0),
      tasks: r.not_performed.reduce((sum, u) => sum + u.total, 0),
      undoneDetail: r.not_performed.map((u) => undoneUnit[lang](u, stageLabel(lang, u.unit))).join(', '),
      total: r.total,
      conversion: r.conversion_score,
    };
    for (const cell of r.assignments)
      for (const [key] of PARTS) values[`${cell.pk}-${key}`] = cell.scores ? cell.scores[key] : null;
    return values;
  };
  return writeWorkbook([
    {
      name: sheetName(L.results ?? 'Results'),
      columns,
      rows: [...results.table.rows.map(row), ...results.table.withdrawn.map(row)],
    },
    {
      name: sheetName(L.weights ?? 'Weights'),
      columns: [
        { header: L.assignment ?? '', key: 'name', width: 30 },
        { header: L.weight ?? '', key: 'weight', width: 10 },
        { header: L.maxTotal ?? '', key: 'max', width: 10 },
      ],
      rows: results.weights.map((w) => ({
        name: w.name,
        weight: w.weight,
        max: headers.find((h) => h.pk === w.id)?.max_total ?? 0,
      })),
    },
  ]);
}

import type { Readable } from 'node:stream';
import { type Language, PARTICIPATION_STATUS, sheetName, stageLabel } from '@pw/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import yazl from 'yazl';
import type { Db } from '../../db/client';
import {
  assignmentFiles,
  enrollments,
  files,
  participations,
  performanceFiles,
  performances,
  stages,
  users,
} from '../../db/schema';
import { AppError } from '../../lib/errors';
import { writeWorkbook } from '../../lib/excel';
import type { FileStorage } from '../../lib/storage';
import type { Caller } from '../courses/courses.policy';
import { safeFileName } from '../files/files.service';
import type { AssignmentShape } from './assignment-shape';
import { type AssignmentIds, loadForManager } from './assignments.queries';
import { managementTable } from './management.service';

const LABELS: Record<Language, Record<string, string>> = {
  ko: {
    code: '학번',
    name: '이름',
    participation: '참여',
    completed: '완료',
    finished: '완료 수',
    total: '전체 수',
    yes: '예',
    no: '아니오',
    waiting: '승인 대기',
  },
  en: {
    code: 'Student ID',
    name: 'Name',
    participation: 'Participation',
    completed: 'Completed',
    finished: 'Finished',
    total: 'Total',
    yes: 'yes',
    no: 'no',
    waiting: 'waiting for approval',
  },
};

/** The stages-of-learners export (instructor and assistants): the assignment's name and its workbook. */
export async function exportStagesOfLearners(
  input: AssignmentIds & { db: Db; caller: Caller; lang: Language },
) {
  const { shape } = await loadForManager(input.db, input.caller, input);
  return { name: shape.row.name, book: await stagesOfLearnersWorkbook(input.db, shape, input.lang) };
}

/** Every attachment of an assignment (instructor and assistants): the assignment's name and a zip. */
export async function exportAttachments(
  input: AssignmentIds & { db: Db; storage: FileStorage; caller: Caller },
) {
  const { shape } = await loadForManager(input.db, input.caller, input);
  return { name: shape.row.name, zip: await attachmentsZip(input.db, input.storage, shape) };
}

/**
 * The stages-of-learners workbook: one sheet per step, one row per learner (part 2 §2 Export).
 */
async function stagesOfLearnersWorkbook(db: Db, shape: AssignmentShape, lang: Language): Promise<Buffer> {
  const table = await managementTable(db, shape);
  const L = LABELS[lang];
  const used = new Set<string>();
  const columns = [
    { header: L.code ?? '', key: 'code', width: 14 },
    { header: L.name ?? '', key: 'name', width: 16 },
    { header: L.participation ?? '', key: 'participation', width: 16 },
    { header: L.completed ?? '', key: 'completed', width: 10 },
    { header: L.finished ?? '', key: 'finished', width: 10 },
    { header: L.total ?? '', key: 'total', width: 10 },
  ];
  const sheets = table.headers.map((header, stepIndex) => {
    let name = sheetName(`${stepIndex + 1}. ${stageLabel(lang, header.short)}`);
    while (used.has(name)) name = sheetName(`${name}_`);
    used.add(name);
    const rows = table.names.map((person, i) => {
      const cell = table.rows[i]?.[stepIndex];
      return {
        code: person.code,
        name: person.name,
        participation:
          person.status === PARTICIPATION_STATUS.participating
            ? L.yes
            : person.status === PARTICIPATION_STATUS.waitingApproval
              ? L.waiting
              : L.no,
        completed: cell?.is_completed ? L.yes : L.no,
        finished: cell?.finished ?? 0,
        total: cell?.total ?? 0,
      };
    });
    return { name, columns, rows };
  });
  return writeWorkbook(sheets);
}

/**
 * Every attachment of the assignment as one zip, streamed: the assignment's own files under
 * `assignment/`, each learner's stage files under `<student ID> <name>/<stage>/`. An assignment
 * with no file at all answers `no_attachments` (404) rather than an empty zip.
 */
async function attachmentsZip(db: Db, storage: FileStorage, shape: AssignmentShape): Promise<Readable> {
  const a = shape.row;
  const own = await db
    .select({ name: files.originalName, key: files.storageKey })
    .from(assignmentFiles)
    .innerJoin(files, eq(files.id, assignmentFiles.fileId))
    .where(eq(assignmentFiles.assignmentId, a.id))
    .orderBy(asc(files.id));
  const stageRows = shape.stages;
  const learnerFiles = stageRows.length
    ? await db
        .select({
          name: files.originalName,
          key: files.storageKey,
          model: stages.model,
          code: enrollments.code,
          person: users.name,
        })
        .from(performanceFiles)
        .innerJoin(files, eq(files.id, performanceFiles.fileId))
        .innerJoin(performances, eq(performances.id, performanceFiles.performanceId))
        .innerJoin(stages, eq(stages.id, performances.stageId))
        .innerJoin(enrollments, eq(enrollments.id, performances.enrollmentId))
        .innerJoin(users, eq(users.id, enrollments.userId))
        .innerJoin(
          participations,
          and(eq(participations.enrollmentId, enrollments.id), eq(participations.assignmentId, a.id)),
        )
        .where(
          inArray(
            performances.stageId,
            stageRows.map((s) => s.id),
          ),
        )
        .orderBy(asc(enrollments.code), asc(files.id))
    : [];
  if (own.length === 0 && learnerFiles.length === 0) throw new AppError('no_attachments');
  // A store that is down is a clear 503 before the zip starts, not a broken download.
  await storage.ping();
  const zip = new yazl.ZipFile();
  // Each file is opened when the zip reaches it, so one connection to the store at a time.
  const add = (key: string, path: string) =>
    zip.addReadStreamLazy(path, {}, (done) => {
      storage.open(key).then(
        (stream) =>
          stream ? done(null, stream) : done(new Error(`stored file missing: ${key}`), null as never),
        (error: Error) => done(error, null as never),
      );
    });
  const taken = new Set<string>();
  const unique = (path: string) => {
    let candidate = path;
    for (let n = 2; taken.has(candidate); n++)
      candidate = path.replace(/(\.[^./]+)?$/, (ext) => ` (${n})${ext}`);
    taken.add(candidate);
    return candidate;
  };
  for (const f of own) add(f.key, unique(`assignment/${safeFileName(f.name)}`));
  for (const f of learnerFiles) {
    const folder = safeFileName(`${f.code} ${f.person}`.trim());
    const stage = shape.steps[shape.stepOf(f.model)]?.code ?? f.model;
    add(f.key, unique(`${folder}/${stage}/${safeFileName(f.name)}`));
  }
  zip.end();
  const output = zip.outputStream as unknown as Readable;
  // A file that cannot be read breaks the download off rather than leaving it hanging.
  zip.once('error', (error: Error) => output.destroy(error));
  return output;
}

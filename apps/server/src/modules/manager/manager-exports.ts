import {
  type Language,
  type ManagerAssignmentQuery,
  type ManagerUserQuery,
  sheetName,
  stageLabel,
} from '@pw/contract';
import type { Db } from '../../db/client';
import { type SheetCell, type SheetColumn, writeWorkbook } from '../../lib/excel';
import type { AuthenticatedUser } from '../accounts/accounts.service';
import { assertStaff } from '../accounts/staff.policy';
import { listCoursesForStaff } from '../courses/manager-courses.service';
import type { Organisation } from '../organisations/organisations.service';
import { assignmentRows } from './manager-catalog.service';
import { userRows } from './manager-users.service';

type Caller = { org: Organisation; user: AuthenticatedUser };

const L: Record<Language, Record<string, string>> = {
  ko: {
    users: '사용자',
    courses: '강의',
    assignments: '과제',
    name: '이름',
    email: '이메일',
    role: '구분',
    group: '소속',
    lastLogin: '최근 접속',
    joined: '가입일',
    expire: '사용 기한',
    courses_count: '개설 강의 수',
    enrolls_count: '수강 강의 수',
    active: '활성',
    yes: '예',
    no: '아니오',
    course: '강의',
    code: '강의 코드',
    instructor: '교수자',
    learners: '학습자 수',
    assignments_count: '과제 수',
    completed_count: '완료 과제 수',
    created: '만든 날',
    stage: '단계',
    public: '공개',
    completed: '완료',
  },
  en: {
    users: 'Users',
    courses: 'Courses',
    assignments: 'Assignments',
    name: 'Name',
    email: 'Email',
    role: 'Role',
    group: 'Group',
    lastLogin: 'Last sign-in',
    joined: 'Joined',
    expire: 'Expiry',
    courses_count: 'Courses taught',
    enrolls_count: 'Courses taken',
    active: 'Active',
    yes: 'yes',
    no: 'no',
    course: 'Course',
    code: 'Course code',
    instructor: 'Instructor',
    learners: 'Learners',
    assignments_count: 'Assignments',
    completed_count: 'Completed',
    created: 'Created',
    stage: 'Stage',
    public: 'Public',
    completed: 'Completed',
  },
};

/** One sheet with a bold header row, one row per item. */
function oneSheet(title: string, columns: SheetColumn[], rows: Record<string, SheetCell>[]): Promise<Buffer> {
  return writeWorkbook([{ name: sheetName(title), columns, rows }]);
}

const day = (iso: string | null) => (iso ? iso.slice(0, 10) : null);

/** The filtered user list as a workbook (staff only). */
export async function exportUsers({ org, user }: Caller, query: ManagerUserQuery, db: Db, lang: Language) {
  assertStaff(user);
  const t = L[lang];
  const rows = await userRows(db, org, query, { lang });
  return oneSheet(
    t.users ?? 'Users',
    [
      { header: t.name ?? '', key: 'name', width: 16 },
      { header: t.email ?? '', key: 'email', width: 28 },
      { header: t.role ?? '', key: 'role', width: 10 },
      ...(org.isIntegratedManagement ? [{ header: t.group ?? '', key: 'group', width: 14 }] : []),
      { header: t.lastLogin ?? '', key: 'lastLogin', width: 12 },
      { header: t.joined ?? '', key: 'joined', width: 12 },
      { header: t.expire ?? '', key: 'expire', width: 12 },
      { header: t.courses_count ?? '', key: 'courses', width: 10 },
      { header: t.enrolls_count ?? '', key: 'enrolls', width: 10 },
      { header: t.active ?? '', key: 'active', width: 8 },
    ],
    rows.map((r) => ({
      name: r.name,
      email: r.email,
      role: r.role.display,
      group: r.group?.name ?? null,
      lastLogin: day(r.last_login),
      joined: day(r.date_joined),
      expire: r.expire_date,
      courses: r.courses_count,
      enrolls: r.enrolls_count,
      active: r.is_active ? (t.yes ?? 'yes') : (t.no ?? 'no'),
    })),
  );
}

/** The filtered course list as a workbook (staff only). */
export async function exportCourses(
  caller: Caller,
  query: { q?: string | undefined; instructor__group?: number | undefined },
  db: Db,
  lang: Language,
) {
  const t = L[lang];
  const { results } = await listCoursesForStaff(db, caller.org, caller.user, {
    page: 1,
    page_size: 1_000_000,
    ...query,
  });
  return oneSheet(
    t.courses ?? 'Courses',
    [
      { header: t.course ?? '', key: 'name', width: 24 },
      { header: t.code ?? '', key: 'code', width: 12 },
      { header: t.instructor ?? '', key: 'instructor', width: 16 },
      ...(caller.org.isIntegratedManagement ? [{ header: t.group ?? '', key: 'group', width: 14 }] : []),
      { header: t.learners ?? '', key: 'learners', width: 10 },
      { header: t.assignments_count ?? '', key: 'assignments', width: 10 },
      { header: t.completed_count ?? '', key: 'completed', width: 10 },
      { header: t.created ?? '', key: 'created', width: 12 },
    ],
    results.map((c) => ({
      name: c.name,
      code: c.code,
      instructor: c.instructor_name,
      group: c.group_name,
      learners: c.learners_count,
      assignments: c.assignments_count,
      completed: c.completed_assignments_count,
      created: day(c.created_at),
    })),
  );
}

/** The filtered assignment list as a workbook (staff only). */
export async function exportAssignments(
  { org, user }: Caller,
  query: ManagerAssignmentQuery,
  db: Db,
  lang: Language,
) {
  assertStaff(user);
  const t = L[lang];
  const rows = await assignmentRows(db, org, query);
  return oneSheet(
    t.assignments ?? 'Assignments',
    [
      { header: t.assignments ?? '', key: 'name', width: 24 },
      { header: t.course ?? '', key: 'course', width: 24 },
      { header: t.instructor ?? '', key: 'instructor', width: 16 },
      { header: t.stage ?? '', key: 'stage', width: 14 },
      { header: t.public ?? '', key: 'public', width: 8 },
      { header: t.completed ?? '', key: 'completed', width: 8 },
      { header: t.learners ?? '', key: 'learners', width: 10 },
      { header: t.created ?? '', key: 'created', width: 12 },
    ],
    rows.map((a) => ({
      name: a.name,
      course: a.course.name,
      instructor: a.instructor_name,
      stage: stageLabel(lang, a.stage),
      public: a.is_public ? (t.yes ?? 'yes') : (t.no ?? 'no'),
      completed: a.is_completed ? (t.yes ?? 'yes') : (t.no ?? 'no'),
      learners: a.learners_count,
      created: day(a.created_at),
    })),
  );
}

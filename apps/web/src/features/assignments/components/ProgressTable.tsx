import { Anchor, Badge, Button, Group, Table, Text } from '@mantine/core';
import type { GradeSend, ManagementTable, StageModelName } from '@pw/contract';
import { PARTICIPATION_STATUS } from '@pw/contract';
import type { TFunction } from 'i18next';
import { memo, startTransition, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { HoverTooltip } from '../../../components/HoverTooltip';
import { IconCheck, IconUserCheck } from '../../../components/icons';
import { useStageLabels } from '../../../components/StageText';
import { ApiError } from '../../../lib/api-error';
import { formatDateTime } from '../../../lib/dates';
import { notify } from '../../../lib/notify';
import { useApproveParticipation } from '../api/approve-participation';
import { useResendGrade } from '../api/resend-grade';

type Props = {
  courseId: number;
  assignmentId: number;
  table: ManagementTable;
  canApprove: boolean;
  /** An LTI-linked assignment's grades as sent to the LMS, by enrolment (a badge per learner). */
  grades?: ReadonlyMap<number, GradeSend> | undefined;
};

/** Rows rendered at once (about a screenful), then this many more per task until all are in. */
const FIRST_ROWS = 10;
const MORE_ROWS = 10;

/**
 * The student progress table of the management page (part 2 §2, §3): per step how many
 * finished, per learner whether they read the task and how far each step is, and the
 * approval button for late participation requests.
 *
 * Kept cheap for long classes on phones: the first rows come at once and the rest ten at a time
 * in the following tasks (each lays out in a few milliseconds, where a whole class at once kept a
 * throttled phone busy for a quarter of a second); one component per row (an approval re-renders
 * only the rows it changes); a native scroll container; tooltips mounted on first hover.
 */
export function ProgressTable({ courseId, assignmentId, table, canApprove, grades }: Props) {
  const { t } = useTranslation();
  const labels = useStageLabels();
  const approve = useApproveParticipation(courseId, assignmentId);
  const { mutateAsync } = approve;
  const total = table.names.length;
  const [shown, setShown] = useState(() => Math.min(total, FIRST_ROWS));
  useEffect(() => {
    if (shown >= total) return;
    const id = window.setTimeout(() => startTransition(() => setShown((n) => n + MORE_ROWS)), 0);
    return () => window.clearTimeout(id);
  }, [shown, total]);

  const onApprove = useCallback(
    async (enrollmentId: number) => {
      try {
        await mutateAsync(enrollmentId);
        notify('action', { color: 'teal', message: t('assignments.manage.approved') });
      } catch {
        notify('action', { color: 'yellow', message: t('common.wrongRequest') });
      }
    },
    [mutateAsync, t],
  );

  // A failed LMS grade sent again on request, after a confirmation (one dialog for the table).
  const resend = useResendGrade(courseId, assignmentId);
  const [resendTarget, setResendTarget] = useState<GradeSend | null>(null);
  const onResend = useCallback((grade: GradeSend) => setResendTarget(grade), []);
  const confirmResend = async () => {
    if (!resendTarget) return;
    try {
      await resend.mutateAsync(resendTarget.enrollment_id);
      notify('action', { color: 'teal', message: t('ltiGrades.resent') });
    } catch (error) {
      notify('action', {
        color: 'yellow',
        message: error instanceof ApiError ? error.message : t('common.wrongRequest'),
      });
    }
    setResendTarget(null);
  };
  const resendName = resendTarget
    ? (table.names.find((n) => n.pk === resendTarget.enrollment_id)?.name ?? '')
    : '';

  if (table.names.length === 0) {
    return (
      <Text c="dimmed" size="sm" py="md" ta="center" data-testid="progress-table-empty">
        {t('assignments.manage.noLearners')}
      </Text>
    );
  }
  const approving = approve.isPending ? approve.variables : undefined;
  return (
    <Table.ScrollContainer type="native" minWidth={560}>
      <Table striped highlightOnHover withTableBorder verticalSpacing={6} data-testid="progress-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={56}>{t('assignments.manage.no')}</Table.Th>
            <Table.Th>{t('assignments.manage.learner')}</Table.Th>
            <Table.Th>{t('assignments.manage.code')}</Table.Th>
            <Table.Th>{t('assignments.manage.attended')}</Table.Th>
            {table.headers.map((h) => (
              <Table.Th key={h.short} data-testid={`progress-header-${h.short}`}>
                <Text size="sm" fw={700} span>
                  {labels.code(h.short)}
                </Text>
                <Text size="xs" c="dimmed">
                  {h.progress === ('adjustment' satisfies StageModelName)
                    ? t('assignments.manage.notApplicable')
                    : `${h.finished_performances} / ${h.performances}`}
                </Text>
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {table.names.slice(0, shown).map((person, i) => (
            <ProgressRow
              key={person.pk}
              index={i}
              person={person}
              cells={table.rows[i]}
              headers={table.headers}
              canApprove={canApprove}
              approving={person.is_late !== null && approving === person.is_late.enrollment_id}
              onApprove={onApprove}
              grade={grades?.get(person.pk)}
              linked={grades !== undefined}
              onResend={onResend}
              t={t}
            />
          ))}
        </Table.Tbody>
      </Table>
      <ConfirmModal
        opened={resendTarget !== null}
        onClose={() => setResendTarget(null)}
        onConfirm={() => void confirmResend()}
        title={t('ltiGrades.resendTitle')}
        message={t('ltiGrades.resendConfirm', { name: resendName, score: resendTarget?.score ?? '' })}
        confirmLabel={t('ltiGrades.resend')}
        loading={resend.isPending}
      />
    </Table.ScrollContainer>
  );
}

type RowProps = {
  index: number;
  person: ManagementTable['names'][number];
  cells: ManagementTable['rows'][number] | undefined;
  headers: ManagementTable['headers'];
  canApprove: boolean;
  approving: boolean;
  onApprove: (enrollmentId: number) => Promise<void>;
  /** The learner's grade as sent to the LMS, when the assignment is LTI-linked. */
  grade?: GradeSend | undefined;
  linked: boolean;
  /** Asks to send a failed LMS grade again. */
  onResend: (grade: GradeSend) => void;
  /** The table's translate function (a language switch renders the rows again). */
  t: TFunction;
};

/** One learner's row. */
const ProgressRow = memo(function ProgressRow({
  index,
  person,
  cells = [],
  headers,
  canApprove,
  approving,
  onApprove,
  grade,
  linked,
  onResend,
  t,
}: RowProps) {
  return (
    <Table.Tr data-testid={`progress-row-${person.pk}`}>
      <Table.Td>{index + 1}</Table.Td>
      <Table.Td>
        {person.report ? (
          <Anchor component={Link} to={`reports/${person.report}`} size="sm" fw={500}>
            {person.name}
          </Anchor>
        ) : (
          <Text size="sm" fw={500}>
            {person.name}
          </Text>
        )}
        {person.is_essay_late ? (
          <HoverTooltip label={person.essay_late_time ? formatDateTime(person.essay_late_time) : ''}>
            <Badge size="xs" color="orange" variant="light" data-testid={`late-essay-${person.pk}`}>
              {t('work.lateBadge')}
            </Badge>
          </HoverTooltip>
        ) : null}
        {linked ? <LmsGradeBadge grade={grade} onResend={onResend} t={t} /> : null}
      </Table.Td>
      <Table.Td>
        <Text size="sm" c="dimmed">
          {person.code}
        </Text>
      </Table.Td>
      <Table.Td>
        {person.status !== PARTICIPATION_STATUS.participating ? (
          <Group gap={6} wrap="nowrap">
            <Badge size="sm" variant="light" color={person.is_late ? 'orange' : 'gray'}>
              {person.is_late
                ? t('assignments.manage.waitingApproval')
                : t('assignments.manage.notParticipating')}
            </Badge>
            {person.is_late && canApprove ? (
              <Button
                size="compact-xs"
                leftSection={<IconUserCheck size={12} />}
                loading={approving}
                onClick={() => {
                  if (person.is_late) void onApprove(person.is_late.enrollment_id);
                }}
                aria-label={t('assignments.manage.approveLabel', { name: person.name })}
              >
                {t('assignments.manage.approve')}
              </Button>
            ) : null}
          </Group>
        ) : person.attended ? (
          <Badge size="sm" variant="light" color="teal">
            {t('assignments.manage.seen')}
          </Badge>
        ) : (
          <Text size="xs" c="dimmed">
            {t('assignments.manage.notSeen')}
          </Text>
        )}
      </Table.Td>
      {cells.map((cell, j) => (
        <Table.Td key={`${person.pk}-${headers[j]?.short ?? j}`}>
          {cell.performance_id && cell.is_contain ? (
            <Anchor
              component={Link}
              to={`performances/${cell.performance_id}`}
              size="xs"
              display="block"
              aria-label={t('assignments.manage.openWork', { name: person.name })}
              data-testid={`open-work-${cell.performance_id}`}
            >
              {t('assignments.manage.open')}
            </Anchor>
          ) : null}
          {!cell.is_contain || cell.total === 0 ? (
            <Text size="sm" c="dimmed">
              –
            </Text>
          ) : cell.is_completed ? (
            <HoverTooltip label={`${cell.finished} / ${cell.total}`}>
              <Badge size="sm" color="teal" variant="light" leftSection={<IconCheck size={12} />}>
                {t('assignments.manage.done')}
              </Badge>
            </HoverTooltip>
          ) : (
            <Text size="sm">
              {cell.finished} / {cell.total}
            </Text>
          )}
        </Table.Td>
      ))}
    </Table.Tr>
  );
});

const GRADE_COLOR = { sent: 'teal', pending: 'gray', failed: 'red' } as const;

/** Whether the learner's total reached the LMS line item (LTI grade passback). */
function LmsGradeBadge({
  grade,
  onResend,
  t,
}: {
  grade: GradeSend | undefined;
  onResend: (grade: GradeSend) => void;
  t: TFunction;
}) {
  if (!grade) return null;
  const label =
    grade.status === 'sent'
      ? t('ltiGrades.sentTitle', {
          score: grade.sent_score ?? grade.score,
          at: grade.sent_at ? formatDateTime(grade.sent_at) : '',
        })
      : t(`ltiGrades.${grade.status}Title`, { score: grade.score });
  return (
    <>
      <HoverTooltip label={label}>
        <Badge
          size="xs"
          ml={6}
          color={GRADE_COLOR[grade.status]}
          variant="light"
          aria-label={`${t('ltiGrades.column')}: ${label}`}
          data-testid={`lms-grade-${grade.enrollment_id}`}
        >
          {t(`ltiGrades.${grade.status}`)}
        </Badge>
      </HoverTooltip>
      {grade.status === 'failed' ? (
        <Button
          size="compact-xs"
          variant="subtle"
          ml={4}
          onClick={() => onResend(grade)}
          data-testid={`lms-grade-resend-${grade.enrollment_id}`}
        >
          {t('ltiGrades.resend')}
        </Button>
      ) : null}
    </>
  );
}

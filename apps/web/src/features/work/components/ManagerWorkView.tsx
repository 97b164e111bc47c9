import { Anchor, Badge, Card, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { IconPaperclip } from '../../../components/icons';
import { useStageLabels } from '../../../components/StageText';
import { useCourseContext } from '../../../lib/course-context';
import { coursePath } from '../../../lib/course-mode';
import { usePerformance } from '../api/performance';

const RichTextView = lazy(() => import('../../../components/RichTextView'));

/**
 * `/performances/{performanceId}` for the instructor and assistants: one learner's work, read-only,
 * opened from the management table (essay with its attachments, answers, or revision).
 */
export function ManagerWorkView({
  performanceId,
  below,
}: {
  performanceId: number;
  /** What the page composing this view shows under the work (the essay's passage comments). */
  below?: (work: { id: number; model: string }) => ReactNode;
}) {
  const { t } = useTranslation();
  const labels = useStageLabels();
  const { courseId, role } = useCourseContext();
  const params = useParams();
  const assignmentId = Number(params.assignmentId);
  const work = usePerformance(courseId, assignmentId, performanceId);
  if (work.isError)
    return <Navigate replace to={coursePath(courseId, role, `assignments/${assignmentId}`)} />;
  if (work.isPending) {
    return (
      <Center mih={200} aria-busy="true">
        <Loader />
      </Center>
    );
  }
  const p = work.data;
  const so = p.stage_object;
  return (
    <Stack gap="md" maw={1000} data-testid="manager-work-view">
      <Anchor component={Link} to={coursePath(courseId, role, `assignments/${assignmentId}`)} size="sm">
        ← {t('assignments.form.backToAssignment')}
      </Anchor>
      <Title order={1} size="h3">
        {t('work.workOf', { name: p.owner_name ?? '', stage: labels.step([p.model]) })}
      </Title>
      <Group gap="xs">
        <Badge variant="light" color={p.is_completed ? 'teal' : 'gray'}>
          {p.is_completed ? t('work.submittedBadge') : t('work.notSubmittedBadge')}
        </Badge>
        {p.is_late ? (
          <Badge variant="light" color="orange">
            {t('work.lateBadge')}
          </Badge>
        ) : null}
      </Group>
      {so.responses ? (
        <Stack gap="sm">
          {so.responses.map((r, i) => (
            <Card key={r.id} withBorder>
              <Text fw={600} size="sm">
                {i + 1}. {r.quiz}
              </Text>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {r.response || '—'}
              </Text>
            </Card>
          ))}
        </Stack>
      ) : (
        <Card withBorder>
          <Suspense fallback={<Loader size="sm" />}>
            {so.plain_text || so.content ? (
              <RichTextView
                content={so.content}
                editorType={so.editor_type}
                plainText={so.plain_text}
                label={t('work.essay')}
              />
            ) : (
              <Text c="dimmed">{t('work.noContent')}</Text>
            )}
          </Suspense>
        </Card>
      )}
      {so.retrospective ? (
        <Card withBorder>
          <Text fw={600} size="sm">
            {t('work.retrospective')}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {so.retrospective}
          </Text>
        </Card>
      ) : null}
      {so.files.map((f) => (
        <Group key={f.id} gap="xs">
          <IconPaperclip size={14} aria-hidden />
          <Anchor href={f.file} target="_blank" rel="noopener noreferrer" size="sm">
            {f.name}
          </Anchor>
        </Group>
      ))}
      {below?.({ id: p.id, model: p.model })}
    </Stack>
  );
}

import { Button, Card, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { UI } from '@pw/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { useUpdateReport } from '../api/report';
import type { ReportProps } from './report-voice';

/**
 * The instructor's comment on a report (part 2 §2): written here by the instructor and, on a wide
 * screen, by assistants; read by everyone else. `commenter` is who writes it here (null: nobody).
 */
export function ReportComment({ report: r, ids, commenter }: Omit<ReportProps, 'reportHref'>) {
  const { t } = useTranslation();
  const [comment, setComment] = useState(r.comment?.content ?? '');
  const update = useUpdateReport(ids.courseId, ids.assignmentId, r.id);
  // On a phone the comment section is the instructor's (part 2 §2): assistants read it there and
  // write it on a wide screen; learners see it on a wide screen only.
  const narrow = useMediaQuery(`(max-width: ${UI.narrowBreakpointPx - 1}px)`, false, {
    getInitialValueInEffect: false,
  });
  const canComment = commenter === 'instructor' || (commenter === 'assistant' && !narrow);

  const saveComment = async () => {
    try {
      await update.mutateAsync({ comment: { content: comment } });
      notify('save', { color: 'teal', message: t('report.commentSaved') });
    } catch {
      notify('save', { color: 'yellow', message: t('common.wrong') });
    }
  };

  if (narrow && commenter === null) return null;
  return (
    <Card withBorder radius="lg" p="lg" data-testid="report-comment">
      <Title order={3} size="h5" mb="sm">
        {t('report.commentTitle')}
      </Title>
      {canComment ? (
        <Stack gap="sm">
          <Textarea
            aria-label={t('report.commentTitle')}
            value={comment}
            onChange={(e) => setComment(e.currentTarget.value)}
            minRows={5}
            autosize
            maxLength={5000}
          />
          <Group justify="flex-end">
            <Button onClick={() => void saveComment()} loading={update.isPending}>
              {t('report.saveComment')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} c={r.comment ? undefined : 'dimmed'}>
          {r.comment?.content ?? t('report.noComment')}
        </Text>
      )}
    </Card>
  );
}

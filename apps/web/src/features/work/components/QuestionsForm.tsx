import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { ANSWER_MAX, type Performance } from '@pw/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExtendedDeadline } from '../../../components/ExtendedDeadline';
import { ApiError } from '../../../lib/api-error';
import { notify } from '../../../lib/notify';
import { performanceKey, savePerformance } from '../api/performance';

/** The assignment's questions with an answer each (part 2 §2), editable in the writing period only. */
export function QuestionsForm({
  ids,
  performance: p,
}: {
  ids: { courseId: number; assignmentId: number };
  performance: Performance;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const questions = p.stage_object.responses ?? [];
  const [answers, setAnswers] = useState<Record<number, string>>(() =>
    Object.fromEntries(questions.map((q) => [q.id, q.response])),
  );
  const [saving, setSaving] = useState(false);
  const changed = questions.some((q) => (answers[q.id] ?? '') !== q.response);

  const submit = async () => {
    setSaving(true);
    try {
      const fresh = await savePerformance({
        ...ids,
        performanceId: p.id,
        stageObject: { responses: questions.map((q) => ({ id: q.id, response: answers[q.id] ?? '' })) },
      });
      queryClient.setQueryData(performanceKey(ids.courseId, ids.assignmentId, p.id), fresh);
      notify('save', { color: 'teal', message: t('work.answersSaved') });
    } catch (error) {
      const detail =
        error instanceof ApiError && error.status !== 500 && error.status !== 0
          ? error.body.detail
          : undefined;
      notify('save', { color: 'yellow', message: detail ?? t('common.wrong') });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="md" data-testid="questions-work">
      <ExtendedDeadline p={p} />
      {!p.editable && p.is_mine ? (
        <Alert color="gray" data-testid="questions-read-only">
          {t('work.readOnlyQuestions')}
        </Alert>
      ) : null}
      {questions.map((q, i) => (
        <Stack key={q.id} gap={4}>
          <Text fw={600} size="sm" id={`question-${q.id}`}>
            {i + 1}. {q.quiz}
          </Text>
          <Textarea
            aria-labelledby={`question-${q.id}`}
            aria-label={t('work.answerLabel', { n: i + 1 })}
            value={answers[q.id] ?? ''}
            onChange={(e) => {
              const value = e.currentTarget.value;
              setAnswers((a) => ({ ...a, [q.id]: value }));
            }}
            autosize
            minRows={3}
            maxLength={ANSWER_MAX}
            readOnly={!p.editable}
            data-testid={`answer-${q.id}`}
          />
        </Stack>
      ))}
      {p.editable ? (
        <Group justify="flex-end">
          <Button
            onClick={() => void submit()}
            loading={saving}
            disabled={!changed}
            data-testid="save-answers"
          >
            {changed ? t('work.saveAnswers') : t('work.stored')}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

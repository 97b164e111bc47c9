import { Badge, Group, NumberInput, Paper, Stack, Text } from '@mantine/core';
import type { InstructorReview } from '@pw/contract';
import { useTranslation } from 'react-i18next';

type Response = InstructorReview['responses'][number];
/** The points typed per standard ('' while empty). */
export type PointsDraft = Record<number, number | ''>;

/** The points a review counts with now: the adjusted point where there is one. */
export const currentPoints = (responses: readonly Response[]): PointsDraft =>
  Object.fromEntries(responses.map((x) => [x.id, x.edited_point ?? x.point ?? '']));

/** The proposal as the server takes it: an edited point equal to the reviewer's is sent as null. */
export const proposalOf = (responses: readonly Response[], points: PointsDraft) =>
  responses.some((x) => points[x.id] === '' || points[x.id] === undefined)
    ? null
    : responses.map((x) => {
        const edited = Number(points[x.id]);
        return { id: x.id, edited_point: edited === x.point ? null : edited };
      });

/**
 * A review as the instructor and assistants read it before changing it: each standard with the
 * reviewer's comment, the reviewer's point (and the adjusted one), and an input for the point
 * that should count.
 */
export function ReviewPoints({
  responses,
  points,
  onChange,
  coachHints,
}: {
  responses: readonly Response[];
  points: PointsDraft;
  onChange: (points: PointsDraft) => void;
  /** The review coach's hints per standard (issue 34, item 2): shown under each comment. */
  coachHints?: InstructorReview['coach']['hints'];
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      {responses.map((x) => (
        <Paper key={x.id} withBorder radius="md" p="sm" data-testid={`review-standard-${x.id}`}>
          <Stack gap={6}>
            <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
              <Text size="sm" fw={600}>
                {x.id + 1}. {x.standard.question}
              </Text>
              {x.edited_point !== null ? (
                <Badge variant="light" color="indigo" style={{ flexShrink: 0 }}>
                  {t('score.adjustedMark')}
                </Badge>
              ) : null}
            </Group>
            <Text size="xs" c="dimmed">
              {t('score.reviewerComment')}
            </Text>
            <Text
              size="sm"
              pl="sm"
              style={{ whiteSpace: 'pre-wrap', borderLeft: '3px solid var(--mantine-color-gray-4)' }}
              data-testid="reviewer-comment"
            >
              {x.comment || '–'}
            </Text>
            {coachHints && x.comment.trim() ? (
              <Group gap={4} data-testid="comment-coach">
                {(coachHints[x.id] ?? []).length === 0 ? (
                  <Badge size="sm" variant="light" color="teal">
                    {t('review.coach.short.met')}
                  </Badge>
                ) : (
                  (coachHints[x.id] ?? []).map((h) => (
                    <Badge key={h} size="sm" variant="light" color="gray" data-hint={h}>
                      {t(`review.coach.short.${h}`)}
                    </Badge>
                  ))
                )}
              </Group>
            ) : null}
            <NumberInput
              label={t('score.pointOf', { question: t('score.pointToCount'), max: x.standard.max_point })}
              description={
                x.edited_point !== null
                  ? t('score.originalAdjusted', { point: x.point ?? '–', edited: x.edited_point })
                  : t('score.original', { point: x.point ?? '–' })
              }
              min={0}
              max={x.standard.max_point}
              allowDecimal={false}
              clampBehavior="strict"
              value={points[x.id] ?? ''}
              onChange={(v) => onChange({ ...points, [x.id]: typeof v === 'number' ? v : '' })}
            />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

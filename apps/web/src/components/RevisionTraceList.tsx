import '../lib/texts/trace-texts';
import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import type { RevisionTrace, TraceStatus } from '@pw/contract';
import { useTranslation } from 'react-i18next';

export const TRACE_COLOR: Record<TraceStatus, string> = {
  used: 'teal',
  partly_used: 'yellow',
  not_used: 'gray',
};

/** The trace's counts in one line. */
export function TraceSummary({ trace }: { trace: RevisionTrace }) {
  const { t } = useTranslation();
  const s = trace.summary;
  return (
    <Text size="sm" data-testid="trace-summary">
      {t('trace.summary', {
        used: s.used,
        partly: s.partly_used,
        notUsed: s.not_used,
        unmarked: s.unmarked,
        total: s.total,
      })}
    </Text>
  );
}

/**
 * The author's trace read-only (the report and the revision score dialog): each comment received,
 * by reviewer label (never a name), with the author's mark and reason. Presentational.
 */
export function RevisionTraceList({ trace }: { trace: RevisionTrace }) {
  const { t } = useTranslation();
  if (trace.comments.length === 0)
    return (
      <Text size="sm" c="dimmed" data-testid="trace-empty">
        {t('trace.none')}
      </Text>
    );
  return (
    <Stack gap="xs" data-testid="trace-list">
      <TraceSummary trace={trace} />
      {trace.comments.map((c) => (
        <Card key={`${c.matching}:${c.standard}`} withBorder padding="xs" data-testid="trace-item">
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Text size="xs" c="dimmed">
              {t('trace.reviewer', { n: c.reviewer_label })} · {c.question}
            </Text>
            <Badge
              color={c.status ? TRACE_COLOR[c.status] : 'red'}
              variant="light"
              data-testid="trace-status"
            >
              {t(`trace.${c.status ?? 'unmarked'}`)}
            </Badge>
          </Group>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {c.comment}
          </Text>
          {c.status === 'not_used' && c.reason ? (
            <Text size="sm" c="dimmed" data-testid="trace-reason" style={{ overflowWrap: 'anywhere' }}>
              {t('trace.reason')}: {c.reason}
            </Text>
          ) : null}
        </Card>
      ))}
    </Stack>
  );
}

import { Alert, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { type ProposedPoints, useAdjustmentPreview } from '../api/scores';

const one = (n: number) => (Math.round(n * 10) / 10).toFixed(1);
const signed = (n: number) => `${n > 0 ? '+' : n < 0 ? '−' : '±'}${one(Math.abs(n))}`;

/**
 * Before saving new points for a review: the learners whose totals would move, and by how much
 * (the server computes the reports with those points without saving them). Reliability weights
 * are refitted on every computation, so learners other than the essay's author may move too.
 */
export function MovedTotals({
  ids,
  matchingId,
  proposal,
}: {
  ids: { courseId: number; assignmentId: number };
  matchingId: number;
  proposal: ProposedPoints | null;
}) {
  const { t } = useTranslation();
  // Compared as text: the parent builds a new array on every render.
  const wanted = JSON.stringify(proposal);
  const [asked] = useDebouncedValue(wanted, 250);
  const preview = useAdjustmentPreview(ids, matchingId, JSON.parse(asked) as ProposedPoints | null);
  const moved = preview.data?.moved;
  return (
    <Alert
      color="indigo"
      variant="light"
      p="sm"
      data-testid="moved-totals"
      data-busy={preview.isFetching || asked !== wanted}
      aria-live="polite"
    >
      <Stack gap={6}>
        <Group gap="xs">
          <Text size="sm" fw={600}>
            {t('score.movesTitle')}
          </Text>
          {preview.isFetching ? <Loader size={12} aria-label={t('score.movesLoading')} /> : null}
        </Group>
        {proposal === null ? (
          <Text size="sm">{t('score.movesIncomplete')}</Text>
        ) : preview.isError ? (
          <Text size="sm">{t('common.wrongRequest')}</Text>
        ) : !moved ? (
          <Text size="sm">{t('score.movesLoading')}</Text>
        ) : moved.length === 0 ? (
          <Text size="sm" data-testid="moved-none">
            {t('score.movesNone')}
          </Text>
        ) : (
          <>
            <Table withRowBorders={false} verticalSpacing={2} fz="sm" data-testid="moved-list">
              <Table.Tbody>
                {moved.map((m) => (
                  <Table.Tr key={m.enrollment} data-testid={`moved-${m.enrollment}`}>
                    <Table.Td>{m.name}</Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {one(m.before)} → {one(m.after)}
                    </Table.Td>
                    <Table.Td ta="right" fw={600} c={m.after < m.before ? 'red.8' : 'teal.8'}>
                      {signed(m.after - m.before)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <Text size="xs" c="dimmed">
              {t('score.movesNote')}
            </Text>
          </>
        )}
      </Stack>
    </Alert>
  );
}

import { formatOneDecimal as one } from '../../../lib/format';
import '../results-texts';
import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  ScrollArea,
  Table,
  Text,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import type { CourseResults, ResultRow } from '@pw/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IconFileSpreadsheet } from '../../../components/icons';
import { useCourseContext } from '../../../lib/course-context';
import { coursePath } from '../../../lib/course-mode';
import { downloadWithProgress } from '../../../lib/download-with-progress';
import { downloadResults } from '../api/results';

const PARTS = [
  'essay_writing_score',
  'peer_review_score',
  'metacognition_score',
  'feedback_review_score',
  'revisement_score',
] as const;

/**
 * The task score table (part 2 §2): one row per learner with each assignment's total (its five
 * scores in a tooltip and for screen readers), the stage tasks left undone, the sum and the
 * converted score; a name opens the personal score. Withdrawn learners are listed apart. Export
 * downloads the same table as a spreadsheet, with progress.
 */
export function ResultsTable({ results }: { results: CourseResults }) {
  const { t } = useTranslation();
  const { courseId, role } = useCourseContext();
  const [busy, setBusy] = useState(false);
  const headers = results.table.headers;

  const exportSheet = async () => {
    setBusy(true);
    await downloadWithProgress(
      `results-export-${courseId}`,
      (onProgress) => downloadResults(courseId, onProgress),
      {
        progress: (size) => t('results.exporting', { size }),
        done: t('results.exported'),
        failed: () => ({ message: t('common.wrongRequest'), color: 'yellow' }),
      },
    );
    setBusy(false);
  };

  const rowsOf = (rows: ResultRow[], withdrawn: boolean) =>
    rows.map((row) => {
      const undone = row.not_performed.reduce((sum, u) => sum + u.not_performed, 0);
      const tasks = row.not_performed.reduce((sum, u) => sum + u.total, 0);
      const undoneText = row.not_performed
        .map((u) =>
          t('results.undoneUnit', {
            stage: t(`stages.${u.unit}`),
            n: u.not_performed,
            total: u.total,
          }),
        )
        .join(', ');
      return (
        <Table.Tr key={row.pk} data-testid={`results-row-${row.pk}`}>
          <Table.Th scope="row">
            <Group gap={6} wrap="nowrap">
              <Anchor
                component={Link}
                to={coursePath(courseId, role, `results/enrolls/${row.pk}/personal-score`)}
                size="sm"
              >
                {row.name}
              </Anchor>
              {withdrawn ? (
                <Badge size="xs" color="gray" variant="light">
                  {t('results.withdrawnBadge')}
                </Badge>
              ) : null}
            </Group>
            <Text size="xs" c="dimmed">
              {row.code}
            </Text>
          </Table.Th>
          {row.assignments.map((cell) => {
            if (!cell.scores)
              return (
                <Table.Td key={cell.pk} ta="right" c="dimmed">
                  <span aria-hidden="true">–</span>
                  <VisuallyHidden>{t('results.noScore')}</VisuallyHidden>
                </Table.Td>
              );
            const scores = cell.scores;
            const detail = PARTS.map((p) => `${t(`results.keys.${p}`)} ${one(scores[p])}`).join(' · ');
            return (
              <Table.Td key={cell.pk} ta="right">
                <Tooltip label={detail} multiline w={260} withArrow>
                  <Text
                    component="span"
                    size="sm"
                    tabIndex={0}
                    style={{ textDecoration: 'underline dotted' }}
                  >
                    {one(scores.total)}
                    <VisuallyHidden>{` (${detail})`}</VisuallyHidden>
                  </Text>
                </Tooltip>
              </Table.Td>
            );
          })}
          <Table.Td ta="right">
            <Tooltip label={undoneText || t('results.noTasks')} multiline w={260} withArrow>
              <Text component="span" size="sm" tabIndex={0} c={undone > 0 ? 'orange.8' : undefined}>
                {undone}/{tasks}
                <VisuallyHidden>{` (${undoneText || t('results.noTasks')})`}</VisuallyHidden>
              </Text>
            </Tooltip>
          </Table.Td>
          <Table.Td ta="right">{one(row.total)}</Table.Td>
          <Table.Td ta="right" fw={700}>
            {one(row.conversion_score)}
          </Table.Td>
        </Table.Tr>
      );
    });

  return (
    <Card withBorder radius="lg" p="lg">
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Title order={2} size="h5">
          {t('results.tableTitle')}
        </Title>
        <Button
          variant="default"
          leftSection={<IconFileSpreadsheet size={16} />}
          onClick={() => void exportSheet()}
          loading={busy}
          data-testid="results-export"
        >
          {t('results.export')}
        </Button>
      </Group>
      <ScrollArea>
        <Table striped highlightOnHover miw={640} data-testid="results-table">
          <Table.Caption>{t('results.tableCaption')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('results.learner')}</Table.Th>
              {headers.map((h) => (
                <Table.Th key={h.pk} scope="col" ta="right">
                  {h.name}
                </Table.Th>
              ))}
              <Table.Th scope="col" ta="right">
                {t('results.undone')}
              </Table.Th>
              <Table.Th scope="col" ta="right">
                {t('results.sum')}
              </Table.Th>
              <Table.Th scope="col" ta="right">
                {t('results.conversion')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rowsOf(results.table.rows, false)}
            {results.table.withdrawn.length ? (
              <Table.Tr>
                <Table.Td colSpan={headers.length + 4}>
                  <Text size="sm" fw={600} c="dimmed">
                    {t('results.withdrawnTitle')}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : null}
            {rowsOf(results.table.withdrawn, true)}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    </Card>
  );
}

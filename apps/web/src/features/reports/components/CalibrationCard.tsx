import '../../../lib/texts/calibration-texts';
import { Card, ScrollArea, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCalibrationCloseness } from '../api/calibration';

/**
 * The calibration closeness of each learner (issue 34, item 1): 1 − mean |difference| ÷ range
 * between their points and the instructor's on the examples they submitted. Shown only when the
 * assignment has calibration examples.
 */
export function CalibrationCard({ courseId, assignmentId }: { courseId: number; assignmentId: number }) {
  const { t } = useTranslation();
  const { data } = useCalibrationCloseness(courseId, assignmentId);
  if (!data?.enabled || !data.learners) return null;
  const total = data.examples.length;
  const started = data.learners.filter((l) => l.submitted > 0);
  return (
    <Card withBorder radius="lg" p="lg" data-testid="calibration-card">
      <Title order={2} size="h5" mb="sm">
        {t('calibration.staffTitle')}
      </Title>
      {started.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('calibration.staffNone')}
        </Text>
      ) : (
        <ScrollArea>
          <Table striped highlightOnHover miw={360}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('calibration.staffLearner')}</Table.Th>
                <Table.Th>{t('calibration.staffTitle')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.learners.map((l) => (
                <Table.Tr key={l.enrollment_id} data-testid={`calibration-row-${l.enrollment_id}`}>
                  <Table.Td>{l.name}</Table.Td>
                  <Table.Td>
                    {l.closeness === null ? '—' : `${Math.round(l.closeness * 100)}%`}{' '}
                    <Text span size="xs" c="dimmed">
                      ({t('calibration.staffSubmitted', { n: l.submitted, total })})
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
    </Card>
  );
}

import { Button, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { EssayView } from '@pw/contract';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileLinks } from '../../../components/FilesField';

const RichTextView = lazy(() => import('../../../components/RichTextView'));
const CompareModal = lazy(() => import('../../../components/CompareModal'));

/** One text of the report (essay or revision) with its attachments as download links. */
function Work({ work, label, testId }: { work: EssayView; label: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4} data-testid={testId}>
      <Text fw={600} size="sm">
        {label}
      </Text>
      <Suspense fallback={<Loader size="sm" />}>
        <RichTextView
          content={work.content}
          editorType={work.editor_type}
          plainText={work.plain_text}
          label={label}
        />
      </Suspense>
      {work.files.length ? (
        <Stack gap={2} mt="xs">
          <Text size="xs" c="dimmed">
            {t('report.attachments')}
          </Text>
          <FileLinks files={work.files} testId={`${testId}-files`} />
        </Stack>
      ) : null}
    </Stack>
  );
}

/** The essay and the revision side by side (with the comparison), then the retrospective. */
export function ReportEssay({
  essay,
  revision,
  retrospective,
}: {
  essay: EssayView;
  revision: EssayView | null;
  retrospective: string | null;
}) {
  const { t } = useTranslation();
  const [compare, setCompare] = useState(false);
  const revised = revision?.is_completed ? revision : null;
  return (
    <Card withBorder radius="lg" p="lg">
      <Group justify="space-between" mb="sm">
        <Title order={3} size="h5">
          {t('report.essayTitle')}
        </Title>
        {revised ? (
          <Button size="xs" variant="light" onClick={() => setCompare(true)}>
            {t('report.compare')}
          </Button>
        ) : null}
      </Group>
      <SimpleGrid cols={{ base: 1, md: revised ? 2 : 1 }}>
        <Work work={essay} label={t('report.essay')} testId="report-essay" />
        {revised ? <Work work={revised} label={t('report.revision')} testId="report-revision" /> : null}
      </SimpleGrid>
      {retrospective ? (
        <Stack gap={4} mt="md" data-testid="report-retrospective">
          <Text fw={600} size="sm">
            {t('report.retrospective')}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {retrospective}
          </Text>
        </Stack>
      ) : null}
      {compare && revised ? (
        <Suspense fallback={null}>
          <CompareModal
            opened={compare}
            onClose={() => setCompare(false)}
            essay={essay.plain_text}
            revision={revised.plain_text}
          />
        </Suspense>
      ) : null}
    </Card>
  );
}

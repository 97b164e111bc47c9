import { Alert, Button, Group, Text } from '@mantine/core';
import type { RosterSummary } from '@pw/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { useRosterStatus, useSyncRoster } from '../api/roster';

/**
 * The LMS roster sync on the student management dialog (LTI NRPS): shown only for a course
 * linked to an LMS that offers its member list. Asks first (learners dropped in the LMS are
 * withdrawn), then says what changed.
 */
export function RosterSync({ courseId, enabled }: { courseId: number; enabled: boolean }) {
  const { t, i18n } = useTranslation();
  const status = useRosterStatus(courseId, enabled);
  const sync = useSyncRoster(courseId);
  const [asking, setAsking] = useState(false);
  const [summary, setSummary] = useState<RosterSummary | null>(null);
  if (!status.data?.roster_sync) return null;
  const last = summary?.synced_at ?? status.data.synced_at;
  const run = async () => {
    setAsking(false);
    try {
      setSummary(await sync.mutateAsync());
    } catch {
      setSummary(null);
    }
  };
  return (
    <>
      <Group justify="space-between" align="center" wrap="wrap" gap="xs" data-testid="roster-sync">
        <Text size="sm" c="dimmed">
          {last
            ? t('students.roster.last', {
                at: new Date(last).toLocaleString(i18n.language === 'en' ? 'en-GB' : 'ko-KR'),
              })
            : t('students.roster.never')}
        </Text>
        <Button size="xs" variant="light" loading={sync.isPending} onClick={() => setAsking(true)}>
          {t('students.roster.sync')}
        </Button>
      </Group>
      {summary ? (
        <Alert
          color="teal"
          role="status"
          data-testid="roster-summary"
          withCloseButton
          onClose={() => setSummary(null)}
        >
          {t('students.roster.summary', {
            members: summary.members,
            enrolled: summary.enrolled,
            withdrawn: summary.withdrawn,
            unchanged: summary.unchanged,
            skipped: summary.skipped,
          })}
        </Alert>
      ) : null}
      {sync.isError ? (
        <Alert color="yellow" role="alert">
          {sync.error.message || t('common.wrongRequest')}
        </Alert>
      ) : null}
      <ConfirmModal
        opened={asking}
        onClose={() => setAsking(false)}
        onConfirm={() => void run()}
        title={t('students.roster.confirmTitle')}
        message={t('students.roster.confirmMessage')}
        confirmLabel={t('students.roster.sync')}
      />
    </>
  );
}

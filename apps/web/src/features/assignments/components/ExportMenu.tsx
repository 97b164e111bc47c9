import { Button } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconDownload, IconFileSpreadsheet, IconFileZip } from '../../../components/icons';
import { OnDemandMenu } from '../../../components/OnDemandMenu';
import { ApiError } from '../../../lib/api-error';
import { downloadWithProgress } from '../../../lib/download-with-progress';
import { downloadAttachments } from '../api/attachments';
import { downloadStagesOfLearners } from '../api/stages-of-learners';

type Kind = 'sheet' | 'zip';

/**
 * The Export menu of the management page: the stages-of-learners spreadsheet and every
 * attachment as one zip, downloaded with the token and shown as a progress toast (part 2 §8:
 * success 'all attachments downloaded', failure 'this is the wrong request'; an assignment without
 * any file says so and downloads nothing).
 */
export function ExportMenu({ courseId, assignmentId }: { courseId: number; assignmentId: number }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<Kind | null>(null);

  const run = async (kind: Kind) => {
    setBusy(kind);
    await downloadWithProgress(
      `export-${kind}-${assignmentId}`,
      (onProgress) =>
        kind === 'sheet'
          ? downloadStagesOfLearners(courseId, assignmentId, onProgress)
          : downloadAttachments(courseId, assignmentId, onProgress),
      {
        progress: (size) => t('assignments.manage.downloading', { size }),
        done:
          kind === 'zip' ? t('assignments.manage.attachmentsDownloaded') : t('assignments.manage.downloaded'),
        // Nothing to download is not a failure: say so (no file is saved).
        failed: (error) =>
          error instanceof ApiError && error.code === 'no_attachments'
            ? { message: t('assignments.manage.noAttachments'), color: 'blue' }
            : { message: t('common.wrongRequest'), color: 'yellow' },
      },
    );
    setBusy(null);
  };

  return (
    <OnDemandMenu
      position="top-start"
      button={
        <Button variant="default" leftSection={<IconDownload size={16} />} loading={busy !== null}>
          {t('assignments.manage.export')}
        </Button>
      }
      items={[
        {
          key: 'sheet',
          label: t('assignments.manage.exportSheet'),
          icon: <IconFileSpreadsheet size={16} />,
          onClick: () => void run('sheet'),
        },
        {
          key: 'zip',
          label: t('assignments.manage.exportZip'),
          icon: <IconFileZip size={16} />,
          onClick: () => void run('zip'),
        },
      ]}
    />
  );
}

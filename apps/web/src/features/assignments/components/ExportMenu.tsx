import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconDownload, IconFileSpreadsheet, IconFileZip } from '../../../components/icons';
import { OnDemandMenu } from '../../../components/OnDemandMenu';
import { ApiError } from '../../../lib/api-error';
import { formatBytes } from '../../../lib/files';
import { saveBlob } from '../../../lib/save-blob';
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
    const id = `export-${kind}-${assignmentId}`;
    setBusy(kind);
    notifications.show({
      id,
      loading: true,
      autoClose: false,
      withCloseButton: false,
      message: t('assignments.manage.downloading', { size: '' }),
    });
    const onProgress = (bytes: number) =>
      notifications.update({
        id,
        loading: true,
        autoClose: false,
        message: t('assignments.manage.downloading', { size: formatBytes(bytes) }),
      });
    try {
      const { blob, name } =
        kind === 'sheet'
          ? await downloadStagesOfLearners(courseId, assignmentId, onProgress)
          : await downloadAttachments(courseId, assignmentId, onProgress);
      saveBlob(blob, name);
      notifications.update({
        id,
        loading: false,
        color: 'teal',
        autoClose: 4000,
        withCloseButton: true,
        message:
          kind === 'zip' ? t('assignments.manage.attachmentsDownloaded') : t('assignments.manage.downloaded'),
      });
    } catch (error) {
      // Nothing to download is not a failure: say so, and save no file.
      const none = error instanceof ApiError && error.code === 'no_attachments';
      notifications.update({
        id,
        loading: false,
        color: none ? 'blue' : 'yellow',
        autoClose: 5000,
        withCloseButton: true,
        message: none ? t('assignments.manage.noAttachments') : t('common.wrongRequest'),
      });
    } finally {
      setBusy(null);
    }
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

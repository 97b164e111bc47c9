import '../manager-texts';
import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconFileSpreadsheet } from '../../../components/icons';
import { formatBytes } from '../../../lib/files';
import { saveBlob } from '../../../lib/save-blob';
import { downloadList } from '../api/manager';

/** Downloads the filtered list as a spreadsheet, with the bytes received in a progress toast. */
export function ExportButton({
  kind,
  query,
}: {
  kind: 'users' | 'courses' | 'assignments';
  query: Record<string, string | number | undefined>;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    const id = `manager-export-${kind}`;
    setBusy(true);
    notifications.show({
      id,
      loading: true,
      autoClose: false,
      withCloseButton: false,
      message: t('manager.exporting', { size: '' }),
    });
    try {
      const { blob, name } = await downloadList(kind, query, (bytes) =>
        notifications.update({
          id,
          loading: true,
          autoClose: false,
          message: t('manager.exporting', { size: formatBytes(bytes) }),
        }),
      );
      saveBlob(blob, name);
      notifications.update({
        id,
        loading: false,
        color: 'teal',
        autoClose: 4000,
        withCloseButton: true,
        message: t('manager.exported'),
      });
    } catch {
      notifications.update({
        id,
        loading: false,
        color: 'yellow',
        autoClose: 5000,
        withCloseButton: true,
        message: t('common.wrongRequest'),
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="default"
      leftSection={<IconFileSpreadsheet size={16} />}
      onClick={() => void run()}
      loading={busy}
      data-testid={`export-${kind}`}
    >
      {t('manager.export')}
    </Button>
  );
}

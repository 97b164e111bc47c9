import '../manager-texts';
import { Button } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconFileSpreadsheet } from '../../../components/icons';
import { downloadWithProgress } from '../../../lib/download-with-progress';
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
    setBusy(true);
    await downloadWithProgress(
      `manager-export-${kind}`,
      (onProgress) => downloadList(kind, query, onProgress),
      {
        progress: (size) => t('manager.exporting', { size }),
        done: t('manager.exported'),
        failed: () => ({ message: t('common.wrongRequest'), color: 'yellow' }),
      },
    );
    setBusy(false);
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

import { Input } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { FileRef } from '@pw/contract';
import { useTranslation } from 'react-i18next';
import { FileLinks, FilesField } from '../../../../components/FilesField';
import { useEditor } from './editor-context';

const ATTACHMENT = /\.(pdf|mp4)$/i;

/**
 * The assignment's files (pdf and mp4 only): new ones to upload and stored ones to remove; links
 * only when the assignment is locked. The page sends them beside the form values.
 */
export function AttachmentsField({
  existing,
  files,
  onFilesChange,
  removed,
  onRemovedChange,
  error,
}: {
  existing: FileRef[];
  files: File[];
  onFilesChange: (files: File[]) => void;
  removed: number[];
  onRemovedChange: (ids: number[]) => void;
  error: string | undefined;
}) {
  const { t } = useTranslation();
  const { lockedAll } = useEditor();
  if (lockedAll) {
    return (
      <Input.Wrapper label={t('assignments.form.files')}>
        <FileLinks files={existing} />
      </Input.Wrapper>
    );
  }
  return (
    <FilesField
      label={t('assignments.form.files')}
      description={t('assignments.form.filesHint')}
      accept=".pdf,.mp4"
      value={files}
      onChange={(next) => {
        const allowed = next.filter((f) => ATTACHMENT.test(f.name));
        if (allowed.length < next.length)
          notifications.show({ color: 'yellow', message: t('assignments.form.fileType') });
        onFilesChange(allowed);
      }}
      error={error}
      existing={existing}
      removed={removed}
      onRemovedChange={onRemovedChange}
      testId="assignment-files"
    />
  );
}

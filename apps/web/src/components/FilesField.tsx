import { ActionIcon, Anchor, Button, FileButton, Group, Input, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { FileRef } from '@pw/contract';
import { useTranslation } from 'react-i18next';
import { formatBytes, MAX_FILES_PER_UPLOAD, splitBySize, UPLOAD_ACCEPT } from '../lib/files';
import { IconArrowBackUp, IconPaperclip, IconTrash, IconUpload } from './icons';

type Props = {
  label: string;
  description?: string;
  /** Files chosen in this form, not yet uploaded. */
  value: File[];
  onChange: (files: File[]) => void;
  /** Files already stored (when editing), with the ids marked for removal. */
  existing?: FileRef[];
  removed?: number[];
  onRemovedChange?: (ids: number[]) => void;
  /** A message about the files from the server (type not allowed, empty file…). */
  error?: string;
  testId?: string;
  /** The file picker's filter; by default every extension the server accepts. */
  accept?: string;
};

/**
 * Attachments of a form: stored files (each can be marked for removal and restored) and newly
 * chosen ones. Files over 20MB are refused on the spot with the §8 warning.
 */
export function FilesField({
  label,
  description,
  value,
  onChange,
  existing = [],
  removed = [],
  onRemovedChange,
  error,
  testId,
  accept = UPLOAD_ACCEPT,
}: Props) {
  const { t } = useTranslation();
  const add = (chosen: File[]) => {
    const { ok, tooLarge } = splitBySize(chosen);
    if (tooLarge.length > 0) notifications.show({ color: 'yellow', message: t('errors.payload_too_large') });
    const room = MAX_FILES_PER_UPLOAD - value.length;
    if (ok.length > room) {
      notifications.show({ color: 'yellow', message: t('files.tooMany', { max: MAX_FILES_PER_UPLOAD }) });
    }
    if (ok.length > 0 && room > 0) onChange([...value, ...ok.slice(0, room)]);
  };
  const toggle = (id: number) =>
    onRemovedChange?.(removed.includes(id) ? removed.filter((x) => x !== id) : [...removed, id]);

  return (
    <Input.Wrapper label={label} description={description} error={error} data-testid={testId}>
      <Stack gap={6} mt={6}>
        {existing.map((f) => {
          const isRemoved = removed.includes(f.id);
          return (
            <Group key={`existing-${f.id}`} gap="xs" wrap="nowrap">
              <IconPaperclip size={16} aria-hidden />
              <Anchor
                href={f.file}
                download={f.name}
                size="sm"
                td={isRemoved ? 'line-through' : undefined}
                c={isRemoved ? 'dimmed' : undefined}
                truncate
                style={{ flex: 1, minWidth: 0 }}
              >
                {f.name}
              </Anchor>
              <Text size="xs" c="dimmed">
                {isRemoved ? t('files.willRemove') : formatBytes(f.size)}
              </Text>
              <ActionIcon
                variant="subtle"
                color={isRemoved ? 'gray' : 'red'}
                onClick={() => toggle(f.id)}
                aria-label={
                  isRemoved ? t('files.keep', { name: f.name }) : t('files.remove', { name: f.name })
                }
              >
                {isRemoved ? <IconArrowBackUp size={16} /> : <IconTrash size={16} />}
              </ActionIcon>
            </Group>
          );
        })}
        {value.map((f, i) => (
          <Group key={`new-${f.name}-${f.size}-${f.lastModified}`} gap="xs" wrap="nowrap">
            <IconPaperclip size={16} aria-hidden />
            <Text size="sm" truncate style={{ flex: 1, minWidth: 0 }}>
              {f.name}
            </Text>
            <Text size="xs" c="dimmed">
              {formatBytes(f.size)}
            </Text>
            <ActionIcon
              variant="subtle"
              color="red"
              onClick={() => onChange(value.filter((_, j) => j !== i))}
              aria-label={t('files.remove', { name: f.name })}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        ))}
        {existing.length === 0 && value.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('files.none')}
          </Text>
        ) : null}
        <Group gap="xs">
          <FileButton onChange={add} multiple accept={accept}>
            {(props) => (
              <Button {...props} variant="default" size="xs" leftSection={<IconUpload size={14} />}>
                {t('files.add')}
              </Button>
            )}
          </FileButton>
          <Text size="xs" c="dimmed">
            {t('files.limit')}
          </Text>
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}

/** Read-only list of attachments as download links. */
export function FileLinks({ files, testId }: { files: FileRef[]; testId?: string }) {
  const { t } = useTranslation();
  if (files.length === 0)
    return (
      <Text size="sm" c="dimmed" data-testid={testId}>
        {t('files.none')}
      </Text>
    );
  return (
    <Stack gap={4} data-testid={testId}>
      {files.map((f) => (
        <Group key={f.id} gap="xs" wrap="nowrap">
          <IconPaperclip size={16} aria-hidden />
          <Anchor href={f.file} download={f.name} size="sm" truncate style={{ minWidth: 0 }}>
            {f.name}
          </Anchor>
          <Text size="xs" c="dimmed">
            {formatBytes(f.size)}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

import { ActionIcon, Anchor, Button, Card, FileButton, Group, Progress, Stack, Text } from '@mantine/core';
import type { Performance } from '@pw/contract';
import { useTranslation } from 'react-i18next';
import { IconPaperclip, IconTrash } from '../../../../components/icons';

type StoredFile = Performance['stage_object']['files'][number];

/** The essay's pdf/mp4 attachments: links, remove buttons, upload progress, and "add file". */
export function WorkFiles({
  files,
  writable,
  progress,
  onAdd,
  onRemove,
}: {
  files: StoredFile[];
  writable: boolean;
  progress: number | null;
  onAdd: (files: File[]) => void;
  onRemove: (file: StoredFile) => void;
}) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="md" p="md">
      <Stack gap="xs">
        <Text fw={600} size="sm">
          {t('work.attachments')}
        </Text>
        {files.map((f) => (
          <Group key={f.id} gap="xs" wrap="nowrap">
            <IconPaperclip size={14} aria-hidden />
            <Anchor
              href={f.file}
              target="_blank"
              rel="noopener noreferrer"
              size="sm"
              style={{ overflowWrap: 'anywhere' }}
            >
              {f.name}
            </Anchor>
            {writable ? (
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('work.removeFile', { name: f.name })}
                onClick={() => onRemove(f)}
              >
                <IconTrash size={14} />
              </ActionIcon>
            ) : null}
          </Group>
        ))}
        {progress !== null ? (
          <Stack gap={2}>
            <Progress
              value={progress * 100}
              aria-label={t('work.uploading', { percent: Math.round(progress * 100) })}
            />
            <Text size="xs" c="dimmed">
              {t('work.uploading', { percent: Math.round(progress * 100) })}
            </Text>
          </Stack>
        ) : null}
        {writable ? (
          <FileButton onChange={onAdd} accept="application/pdf,video/mp4,.pdf,.mp4" multiple>
            {(props) => (
              <Button
                {...props}
                variant="default"
                size="xs"
                leftSection={<IconPaperclip size={14} />}
                w="fit-content"
                disabled={progress !== null}
                data-testid="add-file"
              >
                {t('work.addFile')}
              </Button>
            )}
          </FileButton>
        ) : null}
      </Stack>
    </Card>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
  Input,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import {
  type FileRef,
  LIMITS,
  POLL_OPTION_MAX,
  POLL_OPTIONS_MAX,
  POST_CONTENT_MAX,
  type Post,
  type PostCreateInput,
  postCreateSchema,
} from '@pw/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FilesField } from '../../../components/FilesField';
import { IconInfoCircle, IconPlus, IconTrash } from '../../../components/icons';
import { duplicateOptions } from '../poll';

export type PostFormValues = PostCreateInput;
type PostFormOutput = ReturnType<typeof postCreateSchema.parse>;

/** The submitted post: poll options trimmed and merged, files chosen and stored files to remove. */
export type PostSubmit = {
  title: string;
  content: string;
  is_notice: boolean;
  options: string[];
  files: File[];
  delete_files: number[];
};

type Props = {
  initial: PostFormValues;
  /** Instructors and assistants may mark a post as a notice. */
  canNotice: boolean;
  /** When editing: the stored files, and the poll (its options cannot change). */
  existingFiles?: FileRef[];
  existingPoll?: Post['poll'];
  isEdit?: boolean;
  submitting: boolean;
  cancelTo: string;
  /** Resolves with field errors from the server (400), if any. */
  onSubmit: (values: PostSubmit) => Promise<Record<string, string[]> | undefined>;
};

/** The post form of `/posts/new` and `/posts/:postId/edit`: title ≤ 50, content, notice, poll, files. */
export function PostForm({
  initial,
  canNotice,
  existingFiles = [],
  existingPoll = null,
  isEdit = false,
  submitting,
  cancelTo,
  onSubmit,
}: Props) {
  const { t } = useTranslation();
  const [files, setFiles] = useState<File[]>([]);
  const [removed, setRemoved] = useState<number[]>([]);
  const [filesError, setFilesError] = useState<string>();
  const form = useForm<PostFormValues, unknown, PostFormOutput>({
    resolver: zodResolver(postCreateSchema),
    defaultValues: initial,
  });
  const watched = form.watch('options');
  const options = watched === undefined ? [] : Array.isArray(watched) ? watched : [watched];
  const withPoll = options.length > 0;
  const dupes = duplicateOptions(options);
  const errors = form.formState.errors;
  const tr = (message: string | undefined, max: number) => (message ? t(message, { max }) : undefined);
  // Errors of a string array arrive per index (options.0, options.1, …) next to the array's own.
  const optionError = (i: number) =>
    (errors.options as unknown as Record<number, { message?: string } | undefined> | undefined)?.[i]?.message;

  const setOptions = (next: string[]) =>
    form.setValue('options', next, { shouldValidate: form.formState.isSubmitted, shouldDirty: true });

  const submit = form.handleSubmit(async (values) => {
    const fields = await onSubmit({
      title: values.title,
      content: values.content,
      is_notice: values.is_notice,
      options: values.options,
      files,
      delete_files: removed,
    });
    for (const [field, messages] of Object.entries(fields ?? {})) {
      if (field === 'title' || field === 'content' || field === 'options') {
        form.setError(field, { message: messages.join(' ') });
      }
    }
    setFilesError(fields?.files?.join(' '));
  });

  return (
    <Card withBorder radius="lg" p="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('posts.title')}
            withAsterisk
            maxLength={LIMITS.postTitleMax}
            description={t('posts.titleHint', { max: LIMITS.postTitleMax })}
            error={tr(errors.title?.message, LIMITS.postTitleMax)}
            {...form.register('title')}
          />
          <Textarea
            label={t('posts.content')}
            withAsterisk
            autosize
            minRows={6}
            maxRows={20}
            maxLength={POST_CONTENT_MAX}
            error={tr(errors.content?.message, POST_CONTENT_MAX)}
            {...form.register('content')}
          />
          {canNotice ? (
            <Checkbox
              label={t('posts.isNotice')}
              description={t('posts.isNoticeHint')}
              {...form.register('is_notice')}
            />
          ) : null}
          {isEdit ? (
            existingPoll ? (
              <Alert color="gray" icon={<IconInfoCircle size={18} />} title={t('posts.poll')}>
                <Text size="sm">{existingPoll.options.map((o) => o.content).join(' · ')}</Text>
                <Text size="xs" c="dimmed" mt={4}>
                  {t('posts.pollLocked')}
                </Text>
              </Alert>
            ) : null
          ) : (
            <Stack gap="xs">
              <Switch
                label={t('posts.addPoll')}
                checked={withPoll}
                onChange={(e) => setOptions(e.currentTarget.checked ? ['', ''] : [])}
                data-testid="poll-switch"
              />
              {withPoll ? (
                <Input.Wrapper
                  label={t('posts.pollOptions')}
                  withAsterisk
                  error={tr(errors.options?.message ?? errors.options?.root?.message, POLL_OPTIONS_MAX)}
                >
                  <Stack gap={6} mt={6}>
                    {options.map((value, i) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: options are edited in place by position
                      <Group key={i} gap="xs" wrap="nowrap">
                        <TextInput
                          style={{ flex: 1 }}
                          value={value}
                          maxLength={POLL_OPTION_MAX}
                          placeholder={t('posts.optionN', { n: i + 1 })}
                          aria-label={t('posts.optionN', { n: i + 1 })}
                          error={tr(optionError(i), POLL_OPTION_MAX)}
                          onChange={(e) => {
                            const next = [...options];
                            next[i] = e.currentTarget.value;
                            setOptions(next);
                          }}
                        />
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          disabled={options.length <= 2}
                          onClick={() => setOptions(options.filter((_, j) => j !== i))}
                          aria-label={t('posts.removeOption', { n: i + 1 })}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Group>
                    ))}
                    <Group>
                      <Button
                        variant="default"
                        size="xs"
                        leftSection={<IconPlus size={14} />}
                        disabled={options.length >= POLL_OPTIONS_MAX}
                        onClick={() => setOptions([...options, ''])}
                      >
                        {t('posts.addOption')}
                      </Button>
                    </Group>
                    {dupes.length > 0 ? (
                      <Text size="sm" c="orange.8" data-testid="poll-duplicates">
                        {t('posts.duplicatesMerged', { options: dupes.join(', ') })}
                      </Text>
                    ) : null}
                  </Stack>
                </Input.Wrapper>
              ) : null}
            </Stack>
          )}
          <FilesField
            label={t('posts.files')}
            value={files}
            onChange={(next) => {
              setFiles(next);
              setFilesError(undefined);
            }}
            error={filesError}
            existing={existingFiles}
            removed={removed}
            onRemovedChange={setRemoved}
            testId="post-files"
          />
          <Group justify="flex-end">
            <Button variant="default" component={Link} to={cancelTo}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={submitting}>
              {isEdit ? t('common.save') : t('posts.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

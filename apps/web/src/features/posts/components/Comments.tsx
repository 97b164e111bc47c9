import { zodResolver } from '@hookform/resolvers/zod';
import {
  ActionIcon,
  Alert,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Textarea,
  Title,
  Tooltip,
} from '@mantine/core';
import { COMMENT_MAX, type Comment, commentCreateSchema } from '@pw/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { IconTrash } from '../../../components/icons';
import { formatDateTime } from '../../../lib/dates';
import { notify } from '../../../lib/notify';
import { useComments } from '../api/comments';
import { useCreateComment } from '../api/create-comment';
import { useDeleteComment } from '../api/delete-comment';

function CommentForm({ postId }: { postId: number }) {
  const { t } = useTranslation();
  const create = useCreateComment(postId);
  const form = useForm<{ content: string }>({
    resolver: zodResolver(commentCreateSchema),
    defaultValues: { content: '' },
  });
  const message = form.formState.errors.content?.message;
  const onSubmit = form.handleSubmit(async ({ content }) => {
    try {
      await create.mutateAsync(content);
      notify('action', { color: 'teal', message: t('posts.commentWritten') });
      form.reset({ content: '' });
    } catch {
      notify('action', { color: 'yellow', message: t('common.wrongRequest') });
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="xs">
        <Textarea
          label={t('posts.newComment')}
          placeholder={t('posts.commentPlaceholder')}
          autosize
          minRows={2}
          maxRows={8}
          maxLength={COMMENT_MAX}
          error={message ? t(message, { max: COMMENT_MAX }) : undefined}
          {...form.register('content')}
        />
        <Group justify="flex-end">
          <Button type="submit" size="sm" loading={create.isPending}>
            {t('posts.commentSubmit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The comments of a post, shown with nicknames; authors delete their own (part 1 §6). */
export function Comments({ postId }: { postId: number }) {
  const { t } = useTranslation();
  const comments = useComments(postId);
  const remove = useDeleteComment(postId);
  const [target, setTarget] = useState<Comment | null>(null);

  const onDelete = async () => {
    if (!target) return;
    try {
      await remove.mutateAsync(target.id);
      notify('action', { color: 'teal', message: t('posts.commentDeleted') });
      setTarget(null);
    } catch {
      notify('action', { color: 'yellow', message: t('common.wrongRequest') });
    }
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby="comments-title">
      <Title order={2} size="h4" id="comments-title">
        {t('posts.comments')}
        {comments.data ? (
          <Text span c="dimmed" fw={400} ml={6}>
            {comments.data.length}
          </Text>
        ) : null}
      </Title>
      {comments.isPending ? (
        <Center py="md" aria-busy="true">
          <Loader size="sm" />
        </Center>
      ) : comments.isError ? (
        <Alert color="yellow">{t('posts.commentsError')}</Alert>
      ) : comments.data.length === 0 ? (
        <Text c="dimmed" size="sm" data-testid="comments-empty">
          {t('posts.noComments')}
        </Text>
      ) : (
        <Stack gap="xs" data-testid="comment-list">
          {comments.data.map((c) => (
            <Paper key={c.id} withBorder radius="md" p="sm" data-testid={`comment-${c.id}`}>
              <Group justify="space-between" align="flex-start" wrap="nowrap">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Group gap="xs">
                    <Text size="sm" fw={700} data-testid="comment-nickname">
                      {c.nickname}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {formatDateTime(c.created_at)}
                    </Text>
                  </Group>
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {c.content}
                  </Text>
                </Stack>
                {c.is_own ? (
                  <Tooltip label={t('posts.deleteComment')}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      onClick={() => setTarget(c)}
                      aria-label={t('posts.deleteComment')}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Tooltip>
                ) : null}
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      <CommentForm postId={postId} />
      <ConfirmModal
        opened={target !== null}
        onClose={() => setTarget(null)}
        onConfirm={() => void onDelete()}
        title={t('posts.deleteCommentTitle')}
        message={t('posts.deleteCommentConfirm')}
        confirmLabel={t('common.delete')}
        loading={remove.isPending}
      />
    </Stack>
  );
}

import {
  Anchor,
  Badge,
  Button,
  Card,
  Center,
  Divider,
  Group,
  Loader,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { FileLinks } from '../../../components/FilesField';
import { IconArrowLeft, IconPencil, IconPin, IconTrash } from '../../../components/icons';
import { useCourseContext } from '../../../lib/course-context';
import { coursePath } from '../../../lib/course-mode';
import { formatDateTime } from '../../../lib/dates';
import { notify } from '../../../lib/notify';
import { useDeletePost } from '../api/delete-post';
import { usePost } from '../api/post';
import { BackToBoard } from '../components/BackToBoard';
import { Comments } from '../components/Comments';
import { PollBox } from '../components/PollBox';

/** `/courses/:courseId/:role/posts/:postId`: the post, its files and poll, and the comments. */
export function PostPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { courseId, role } = useCourseContext();
  const postId = Number(useParams().postId);
  const post = usePost(courseId, postId);
  const remove = useDeletePost(courseId, postId);
  const [deleteOpened, deleting] = useDisclosure(false);
  const board = `${coursePath(courseId, role)}?tab=board`;

  if (post.isError) return <BackToBoard to={board} />;
  if (post.isPending) {
    return (
      <Center mih={200} aria-busy="true">
        <Loader />
      </Center>
    );
  }
  const p = post.data;
  const onDelete = async () => {
    try {
      await remove.mutateAsync();
      deleting.close();
      notify('action', { color: 'teal', message: t('posts.deleted') });
      navigate(board);
    } catch {
      notify('action', { color: 'yellow', message: t('common.wrongRequest') });
    }
  };

  return (
    <Stack gap="lg" maw={860}>
      <Anchor component={Link} to={board} size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} />
          {t('posts.backToBoard')}
        </Group>
      </Anchor>
      <Card withBorder radius="lg" p="lg" component="article" aria-labelledby="post-title">
        <Stack gap="md">
          <Stack gap={6}>
            {p.is_notice ? (
              <Badge color="red" variant="light" leftSection={<IconPin size={12} />} w="fit-content">
                {t('posts.notice')}
              </Badge>
            ) : null}
            <Title
              order={1}
              size="h2"
              id="post-title"
              data-testid="post-title"
              style={{ overflowWrap: 'anywhere' }}
            >
              {p.title}
            </Title>
            <Group justify="space-between" gap="xs">
              <Text size="sm" c="dimmed">
                {p.author} · {formatDateTime(p.created_at)}
              </Text>
              {p.is_own ? (
                <Group gap="xs">
                  <Button
                    component={Link}
                    to={coursePath(courseId, role, `posts/${p.id}/edit`)}
                    size="xs"
                    variant="default"
                    leftSection={<IconPencil size={14} />}
                  >
                    {t('common.edit')}
                  </Button>
                  <Button
                    size="xs"
                    variant="outline"
                    color="red"
                    leftSection={<IconTrash size={14} />}
                    onClick={deleting.open}
                  >
                    {t('common.delete')}
                  </Button>
                </Group>
              ) : null}
            </Group>
          </Stack>
          <Divider />
          <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="post-content">
            {p.content}
          </Text>
          {p.files.length > 0 ? (
            <Stack gap={4}>
              <Text size="xs" c="dimmed" fw={600}>
                {t('posts.files')}
              </Text>
              <FileLinks files={p.files} testId="post-files" />
            </Stack>
          ) : null}
          {p.poll ? <PollBox courseId={courseId} postId={p.id} poll={p.poll} /> : null}
        </Stack>
      </Card>
      <Card withBorder radius="lg" p="lg">
        <Comments postId={p.id} />
      </Card>
      <ConfirmModal
        opened={deleteOpened}
        onClose={deleting.close}
        onConfirm={() => void onDelete()}
        title={t('posts.deleteTitle')}
        message={t('posts.deleteConfirm', { title: p.title })}
        confirmLabel={t('common.delete')}
        loading={remove.isPending}
      />
    </Stack>
  );
}

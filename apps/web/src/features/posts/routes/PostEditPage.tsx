import { Anchor, Center, Group, Loader, Stack, Title } from '@mantine/core';
import type { Post } from '@pw/contract';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { IconArrowLeft } from '../../../components/icons';
import { useCourseContext } from '../../../lib/course-context';
import { coursePath, isManagerRole } from '../../../lib/course-mode';
import { notify } from '../../../lib/notify';
import { reportUploadError } from '../../../lib/upload-errors';
import { usePost } from '../api/post';
import { useUpdatePost } from '../api/update-post';
import { BackToBoard } from '../components/BackToBoard';
import { PostForm, type PostSubmit } from '../components/PostForm';

function EditForm({ post }: { post: Post }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { courseId, role } = useCourseContext();
  const update = useUpdatePost(courseId, post.id);
  const canNotice = isManagerRole(role);
  const detail = coursePath(courseId, role, `posts/${post.id}`);

  const onSubmit = async ({ options: _fixed, is_notice, ...values }: PostSubmit) => {
    try {
      await update.mutateAsync({ ...values, ...(canNotice ? { is_notice } : {}) });
      notify('save', { color: 'teal', message: t('posts.saved') });
      navigate(detail);
      return undefined;
    } catch (error) {
      return reportUploadError(error, t);
    }
  };

  return (
    <Stack gap="lg" maw={860}>
      <Anchor component={Link} to={detail} size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} />
          {t('posts.backToPost')}
        </Group>
      </Anchor>
      <Title order={1} size="h2">
        {t('posts.editTitle')}
      </Title>
      <PostForm
        isEdit
        initial={{ title: post.title, content: post.content, is_notice: post.is_notice, options: [] }}
        canNotice={canNotice}
        existingFiles={post.files}
        existingPoll={post.poll}
        submitting={update.isPending}
        cancelTo={detail}
        onSubmit={onSubmit}
      />
    </Stack>
  );
}

/** `/courses/:courseId/:role/posts/:postId/edit` (the author only). */
export function PostEditPage() {
  const { courseId, role } = useCourseContext();
  const postId = Number(useParams().postId);
  const post = usePost(courseId, postId);
  if (post.isError) return <BackToBoard to={`${coursePath(courseId, role)}?tab=board`} />;
  if (post.isPending) {
    return (
      <Center mih={200} aria-busy="true">
        <Loader />
      </Center>
    );
  }
  if (!post.data.is_own) return <Navigate replace to={coursePath(courseId, role, `posts/${postId}`)} />;
  return <EditForm post={post.data} />;
}

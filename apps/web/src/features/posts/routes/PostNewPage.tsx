import { Anchor, Group, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { IconArrowLeft } from '../../../components/icons';
import { useCourseContext } from '../../../lib/course-context';
import { coursePath, isManagerRole } from '../../../lib/course-mode';
import { notify } from '../../../lib/notify';
import { reportUploadError } from '../../../lib/upload-errors';
import { useCreatePost } from '../api/create-post';
import { PostForm, type PostSubmit } from '../components/PostForm';

/** `/courses/:courseId/:role/posts/new`. */
export function PostNewPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { courseId, role } = useCourseContext();
  const create = useCreatePost(courseId);
  const canNotice = isManagerRole(role);
  const board = `${coursePath(courseId, role)}?tab=board`;

  const onSubmit = async ({ delete_files: _none, is_notice, ...values }: PostSubmit) => {
    try {
      const post = await create.mutateAsync({ ...values, ...(canNotice ? { is_notice } : {}) });
      notify('save', { color: 'teal', message: t('posts.created') });
      navigate(coursePath(courseId, role, `posts/${post.id}`));
      return undefined;
    } catch (error) {
      return reportUploadError(error, t);
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
      <Title order={1} size="h2">
        {t('posts.newTitle')}
      </Title>
      <PostForm
        initial={{ title: '', content: '', is_notice: false, options: [] }}
        canNotice={canNotice}
        submitting={create.isPending}
        cancelTo={board}
        onSubmit={onSubmit}
      />
    </Stack>
  );
}

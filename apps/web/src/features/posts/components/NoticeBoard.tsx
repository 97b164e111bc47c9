import {
  Alert,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Pagination,
  Stack,
  Text,
  ThemeIcon,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { type Post, UI } from '@pw/contract';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import {
  IconChartBar,
  IconMessage,
  IconNews,
  IconPaperclip,
  IconPencilPlus,
  IconPin,
} from '../../../components/icons';
import { useCourseContext } from '../../../lib/course-context';
import { coursePath } from '../../../lib/course-mode';
import { formatDate } from '../../../lib/dates';
import { usePosts } from '../api/posts';
import classes from './NoticeBoard.module.css';

function PostItem({ post, to }: { post: Post; to: string }) {
  const { t } = useTranslation();
  return (
    <UnstyledButton component={Link} to={to} className={classes.item} data-testid={`post-item-${post.id}`}>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Group gap={6} wrap="wrap">
            {post.is_notice ? (
              <Badge size="sm" color="red" variant="light" leftSection={<IconPin size={12} />}>
                {t('posts.notice')}
              </Badge>
            ) : null}
            {post.is_poll ? (
              <Badge size="sm" color="grape" variant="light" leftSection={<IconChartBar size={12} />}>
                {t('posts.poll')}
              </Badge>
            ) : null}
            <Text fw={600} truncate style={{ minWidth: 0 }}>
              {post.title}
            </Text>
          </Group>
          <Group gap="md">
            <Text size="xs" c="dimmed">
              {post.author} · {formatDate(post.created_at)}
            </Text>
            <Group gap={4}>
              <IconMessage size={14} aria-hidden />
              <Text size="xs" c="dimmed" aria-label={t('posts.commentsCount', { n: post.comments_count })}>
                {post.comments_count}
              </Text>
            </Group>
            {post.files.length > 0 ? (
              <Group gap={4}>
                <IconPaperclip size={14} aria-hidden />
                <Text size="xs" c="dimmed" aria-label={t('posts.filesCount', { n: post.files.length })}>
                  {post.files.length}
                </Text>
              </Group>
            ) : null}
          </Group>
        </Stack>
      </Group>
    </UnstyledButton>
  );
}

/** The course's notice board: three posts a page, notices first (part 1 §2, §9). */
export function NoticeBoard() {
  const { t } = useTranslation();
  const { courseId, role } = useCourseContext();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const posts = usePosts(courseId, page);
  const total = posts.data ? Math.max(1, Math.ceil(posts.data.count / UI.noticeBoardPageSize)) : 1;
  const setPage = (p: number) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (p === 1) next.delete('page');
        else next.set('page', String(p));
        return next;
      },
      { replace: true },
    );

  return (
    <Card withBorder radius="lg" p="lg" component="section" aria-labelledby="notice-board-title">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4" id="notice-board-title">
            {t('posts.board')}
          </Title>
          <Button
            component={Link}
            to={coursePath(courseId, role, 'posts/new')}
            size="xs"
            leftSection={<IconPencilPlus size={14} />}
          >
            {t('posts.write')}
          </Button>
        </Group>
        {posts.isPending ? (
          <Center py="lg" aria-busy="true">
            <Loader size="sm" />
          </Center>
        ) : posts.isError ? (
          <Alert color="yellow">{t('posts.loadError')}</Alert>
        ) : posts.data.results.length === 0 ? (
          <Stack align="center" gap={6} py="lg" data-testid="posts-empty">
            <ThemeIcon size={44} radius="xl" variant="light" color="gray">
              <IconNews size={24} />
            </ThemeIcon>
            <Text fw={600}>{t('posts.empty')}</Text>
          </Stack>
        ) : (
          <Stack gap={6} data-testid="post-list" aria-busy={posts.isPlaceholderData}>
            {posts.data.results.map((post) => (
              <PostItem key={post.id} post={post} to={coursePath(courseId, role, `posts/${post.id}`)} />
            ))}
          </Stack>
        )}
        {total > 1 ? (
          <Center>
            <Pagination
              total={total}
              value={Math.min(page, total)}
              onChange={setPage}
              size="sm"
              getControlProps={(control) => ({
                'aria-label': t(`posts.pageControl.${control}`),
              })}
              getItemProps={(p) => ({ 'aria-label': t('posts.pageN', { n: p }) })}
            />
          </Center>
        ) : null}
      </Stack>
    </Card>
  );
}

import { Badge, Button, Group, Paper, Progress, Radio, Stack, Text, Title } from '@mantine/core';
import type { Post } from '@pw/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconChartBar } from '../../../components/icons';
import { notify } from '../../../lib/notify';
import { useVote } from '../api/vote';
import { votePercent } from '../poll';

type Poll = NonNullable<Post['poll']>;

/** A post's vote: one choice per member, which can be changed; the results are visible to all. */
export function PollBox({ courseId, postId, poll }: { courseId: number; postId: number; poll: Poll }) {
  const { t } = useTranslation();
  const vote = useVote(courseId, postId);
  const mine = poll.my_vote === null ? null : String(poll.my_vote);
  const [choice, setChoice] = useState<string | null>(mine);
  useEffect(() => setChoice(mine), [mine]);

  const submit = async () => {
    if (choice === null) return;
    try {
      await vote.mutateAsync(Number(choice));
      notify('action', {
        color: 'teal',
        message: mine === null ? t('posts.voted') : t('posts.voteChanged'),
      });
    } catch {
      notify('action', { color: 'yellow', message: t('common.wrongRequest') });
    }
  };

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="poll-title" data-testid="poll">
      <Stack gap="md">
        <Group gap="xs">
          <IconChartBar size={18} aria-hidden />
          <Title order={2} size="h5" id="poll-title">
            {t('posts.poll')}
          </Title>
          <Text size="sm" c="dimmed" data-testid="poll-total">
            {t('posts.totalVotes', { count: poll.total_votes })}
          </Text>
        </Group>
        <Radio.Group value={choice} onChange={setChoice} aria-labelledby="poll-title">
          <Stack gap="sm">
            {poll.options.map((o) => {
              const pct = votePercent(o.votes, poll.total_votes);
              const isMine = mine === String(o.id);
              return (
                <Stack key={o.id} gap={4} data-testid={`poll-option-${o.id}`}>
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                      <Radio value={String(o.id)} label={o.content} />
                      {isMine ? (
                        <Badge size="xs" variant="light" style={{ flexShrink: 0 }}>
                          {t('posts.myVote')}
                        </Badge>
                      ) : null}
                    </Group>
                    <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }} data-testid="poll-count">
                      {t('posts.votes', { count: o.votes, pct })}
                    </Text>
                  </Group>
                  <Progress
                    value={pct}
                    color={isMine ? 'brand' : 'gray'}
                    size="sm"
                    aria-label={t('posts.votes', { count: o.votes, pct })}
                  />
                </Stack>
              );
            })}
          </Stack>
        </Radio.Group>
        <Group>
          <Button
            onClick={() => void submit()}
            disabled={choice === null || choice === mine}
            loading={vote.isPending}
          >
            {mine === null ? t('posts.vote') : t('posts.changeVote')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

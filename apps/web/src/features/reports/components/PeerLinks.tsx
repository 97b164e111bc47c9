import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { Report } from '@pw/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

type Links = NonNullable<Report['peer_links']>;

/**
 * For the instructor and assistants (the server sends the links to no one else): who reviewed the
 * learner's essay and whose essays the learner reviewed, each opening that person's report
 * (part 2 §6: the assistant "opens reviewer and target reports").
 */
export function PeerLinks({
  links,
  name,
  reportHref,
}: {
  links: Links;
  name: string;
  reportHref: (reportId: number) => string;
}) {
  const { t } = useTranslation();
  const list = (people: Links['reviewers'], testId: string) =>
    people.length === 0 ? (
      <Text size="sm" c="dimmed" data-testid={testId}>
        {t('report.peopleNone')}
      </Text>
    ) : (
      <Stack gap={4} data-testid={testId}>
        {people.map((p) => (
          <Group key={p.enrollment} gap="xs" wrap="nowrap">
            {p.report === null ? (
              <Text size="sm">{p.name}</Text>
            ) : (
              <Anchor component={Link} to={reportHref(p.report)} size="sm">
                {p.name}
              </Anchor>
            )}
            {p.is_completed ? null : (
              <Badge size="xs" color="gray" variant="light">
                {t('report.peopleOpen')}
              </Badge>
            )}
          </Group>
        ))}
      </Stack>
    );
  return (
    <Card withBorder radius="lg" p="lg" data-testid="report-people">
      <Title order={3} size="h5" mb="sm">
        {t('report.peopleTitle')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Stack gap={4}>
          <Text fw={600} size="sm">
            {t('report.reviewersOf', { name })}
          </Text>
          {list(links.reviewers, 'report-reviewers')}
        </Stack>
        <Stack gap={4}>
          <Text fw={600} size="sm">
            {t('report.revieweesOf', { name })}
          </Text>
          {list(links.reviewees, 'report-reviewees')}
        </Stack>
      </SimpleGrid>
    </Card>
  );
}

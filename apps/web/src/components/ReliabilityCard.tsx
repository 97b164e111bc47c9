import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { StandardReliability } from '@pw/contract';
import { useTranslation } from 'react-i18next';

const COLORS = { good: 'teal', fair: 'yellow', poor: 'red', unknown: 'gray' } as const;
const LEVEL_KEYS = {
  good: 'levelGood',
  fair: 'levelFair',
  poor: 'levelPoor',
  unknown: 'levelUnknown',
} as const;

/** The plain sentence of one standard's reliability (shared with the editor's previous figures). */
export function reliabilitySentence(
  t: (key: string, params?: Record<string, string>) => string,
  s: StandardReliability,
) {
  const standard = s.question.trim() || `#${s.index + 1}`;
  if (s.alpha === null)
    return t(s.units >= 2 ? 'score.reliability.noVariance' : 'score.reliability.unknown', { standard });
  return t(`score.reliability.${s.level}`, { standard, alpha: s.alpha.toFixed(2) });
}

/**
 * Per rubric standard, how well the reviewers agree (Krippendorff's alpha, interval), as a plain
 * sentence with a level badge that says it in words too (not colour alone).
 */
export function ReliabilityCard({
  standards,
  title,
  hint,
  testId = 'reliability',
}: {
  standards: readonly StandardReliability[];
  title?: string;
  hint?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  if (standards.length === 0) return null;
  return (
    <Card withBorder radius="lg" p="lg" data-testid={testId}>
      <Title order={2} size="h5" mb="xs">
        {title ?? t('score.reliability.title')}
      </Title>
      {hint ? (
        <Text size="sm" c="dimmed" mb="xs">
          {hint}
        </Text>
      ) : null}
      <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {standards.map((s) => (
          <Group key={s.index} gap="xs" wrap="nowrap" align="flex-start" component="li" data-level={s.level}>
            <Badge variant="light" color={COLORS[s.level]} miw={64} style={{ flexShrink: 0 }}>
              {t(`score.reliability.${LEVEL_KEYS[s.level]}`)}
            </Badge>
            <Text size="sm" data-testid="reliability-sentence">
              {reliabilitySentence(t, s)}
            </Text>
          </Group>
        ))}
      </Stack>
      <Text size="xs" c="dimmed" mt="sm">
        {t('score.reliability.note')}
      </Text>
    </Card>
  );
}

import { Group, Text } from '@mantine/core';
import type { LimitType } from '@pw/contract';
import { useTranslation } from 'react-i18next';

/** The live counter in letters or words under the editor, red with a warning above the limit. */
export function LengthCounter({
  count,
  max,
  limitType,
  over,
}: {
  count: number;
  max: number | null | undefined;
  limitType: LimitType;
  over: boolean;
}) {
  const { t } = useTranslation();
  const unit = t(limitType === 'W' ? 'work.unitWords' : 'work.unitLetters');
  return (
    <>
      <Group justify="flex-end" mt={4}>
        <Text
          size="sm"
          c={over ? 'red' : 'dimmed'}
          fw={over ? 700 : 400}
          data-testid="length-counter"
          aria-live="polite"
        >
          {max ? t('work.counter', { count, max, unit }) : t('work.counterNoLimit', { count, unit })}
        </Text>
      </Group>
      {over ? (
        <Text size="sm" c="red" role="alert" data-testid="over-limit">
          {t('work.overLimit')}
        </Text>
      ) : null}
    </>
  );
}

import '../results-texts';
import { Alert, Button, Card, Group, NumberInput, SimpleGrid, Text, Title } from '@mantine/core';
import type { Weight } from '@pw/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-error';
import { notify } from '../../../lib/notify';
import { useUpdateWeights } from '../api/results';

/**
 * One whole number per completed assignment (part 2 §5): the live total, a warning with the total
 * when it passes 100 (nothing is sent then), and "the weight has changed" once saved. Assistants
 * read the weights; only the instructor changes them.
 */
export function WeightsForm({
  courseId,
  weights,
  editable,
}: {
  courseId: number;
  weights: Weight[];
  editable: boolean;
}) {
  const { t } = useTranslation();
  const update = useUpdateWeights(courseId);
  const [values, setValues] = useState<Record<number, number>>(() =>
    Object.fromEntries(weights.map((w) => [w.id, w.weight])),
  );
  const weightOf = (id: number) => values[id] ?? 0;
  const total = weights.reduce((sum, w) => sum + weightOf(w.id), 0);
  const over = total > 100;
  const changed = weights.some((w) => weightOf(w.id) !== w.weight);

  const save = async () => {
    if (over) {
      notify('weights', { color: 'yellow', message: t('results.weightsOver', { total }) });
      return;
    }
    try {
      await update.mutateAsync({ weights: weights.map((w) => ({ id: w.id, weight: weightOf(w.id) })) });
      notify('weights', { color: 'teal', message: t('results.weightsSaved') });
    } catch (error) {
      const detail = error instanceof ApiError && error.status === 400 ? error.body.detail : undefined;
      notify('weights', { color: 'yellow', message: detail ?? t('common.wrongRequest') });
    }
  };

  return (
    <Card withBorder radius="lg" p="lg" data-testid="weights-form">
      <Title order={2} size="h5" mb={4}>
        {t('results.weightsTitle')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('results.weightsHelp')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
        {weights.map((w) => (
          <NumberInput
            key={w.id}
            label={w.name}
            value={weightOf(w.id)}
            onChange={(v) => setValues((prev) => ({ ...prev, [w.id]: typeof v === 'number' ? v : 0 }))}
            min={0}
            max={100}
            step={1}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="strict"
            disabled={!editable}
            rightSection={<Text size="xs">%</Text>}
          />
        ))}
      </SimpleGrid>
      {over ? (
        <Alert color="yellow" mt="sm" data-testid="weights-over">
          {t('results.weightsOver', { total })}
        </Alert>
      ) : null}
      <Group justify="space-between" mt="md">
        <Text
          size="sm"
          fw={600}
          c={over ? 'red.8' : undefined}
          data-testid="weights-total"
          aria-live="polite"
        >
          {t('results.weightsTotal', { total })}
        </Text>
        {editable ? (
          <Button onClick={() => void save()} loading={update.isPending} disabled={!changed}>
            {t('results.weightsSave')}
          </Button>
        ) : null}
      </Group>
    </Card>
  );
}

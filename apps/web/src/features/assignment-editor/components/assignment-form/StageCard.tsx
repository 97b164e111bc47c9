import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { MODEL_CODES, type StageModelName } from '@pw/contract';
import type { ReactNode } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { IconLock, IconMinus, IconPlus } from '../../../../components/icons';
import { useStageLabels } from '../../../../components/StageText';
import { type AssignmentFormValues, formSteps } from '../../form';
import { HOST_STEP, type OptionalModel, useEditor } from './editor-context';

/** Whether an optional stage may be added or removed: its step must not have started. */
function useCanToggle(optional: OptionalModel | undefined) {
  const { settingsOpen, firstOpen } = useEditor();
  const { control } = useFormContext<AssignmentFormValues>();
  const [adjustmentOn, feedbackOn] = useWatch({ control, name: ['adjustment.enabled', 'feedback.enabled'] });
  if (!optional || !settingsOpen(optional)) return false;
  const withIt = {
    adjustment: { enabled: adjustmentOn || optional === 'adjustment' },
    feedback: { enabled: feedbackOn || optional === 'feedbackreview' || optional === 'revisement' },
  };
  return formSteps(withIt).indexOf(HOST_STEP[optional]) >= firstOpen;
}

/** A stage's card: label, required/optional, lock, add/remove, and its body when in use. */
export function StageCard({
  model,
  optional,
  enabled = true,
  nested,
  note,
  children,
}: {
  model: StageModelName;
  optional?: OptionalModel;
  enabled?: boolean;
  nested?: boolean;
  note?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const labels = useStageLabels();
  const { settingsOpen, toggle } = useEditor();
  const toggleable = useCanToggle(optional);
  const label = labels.code(MODEL_CODES[model]);
  const locked = enabled && !settingsOpen(model);
  return (
    <Card
      withBorder
      radius="md"
      p="md"
      bg={nested ? 'var(--mantine-color-gray-0)' : undefined}
      data-testid={`stage-${model}`}
      data-enabled={enabled}
    >
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Group gap="xs">
            <Title order={3} size={nested ? 'h6' : 'h5'}>
              {label}
            </Title>
            <Badge size="xs" variant="light" color={optional ? 'gray' : 'violet'}>
              {optional ? t('assignments.form.optional') : t('assignments.form.required')}
            </Badge>
            {note ? (
              <Text size="xs" c="dimmed">
                {note}
              </Text>
            ) : null}
            {locked ? (
              // A sentence, not a badge: it wraps on a phone instead of being cut.
              <Group gap={4} wrap="nowrap" align="flex-start">
                <IconLock size={12} style={{ flexShrink: 0, marginTop: 3 }} aria-hidden />
                <Text size="xs" c="dimmed">
                  {t('assignments.form.stageLocked')}
                </Text>
              </Group>
            ) : null}
          </Group>
          {optional ? (
            <Button
              size="compact-sm"
              variant={enabled ? 'subtle' : 'light'}
              color={enabled ? 'red' : undefined}
              leftSection={enabled ? <IconMinus size={14} /> : <IconPlus size={14} />}
              disabled={!toggleable}
              onClick={() => toggle(optional, !enabled)}
              data-testid={`stage-toggle-${model}`}
            >
              {enabled
                ? t('assignments.form.removeStage', { stage: label })
                : t('assignments.form.addStage', { stage: label })}
            </Button>
          ) : null}
        </Group>
        {enabled ? children : null}
      </Stack>
    </Card>
  );
}

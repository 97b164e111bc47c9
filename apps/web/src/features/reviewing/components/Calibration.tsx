import '../../../lib/texts/calibration-texts';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { Calibration as CalibrationData, CalibrationExampleView } from '@pw/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-error';
import { notify } from '../../../lib/notify';
import { calibrationKey, saveCalibration, useCalibration } from '../api/calibration';

type Ids = { courseId: number; assignmentId: number };

/** A closeness (0..1) as a whole percentage. */
export const percent = (x: number) => `${Math.round(x * 100)}%`;

/**
 * Calibration before peer review (issue 34, item 1; docs/decisions.md): while the learner has
 * examples left to score and may still score them, the examples come first and the reviews after
 * ("Continue to my peer reviews"); once done, a line with their closeness above the reviews.
 * Without examples the reviews show as before.
 */
export default function CalibrationGate({ ids, children }: { ids: Ids; children: ReactNode }) {
  const { t } = useTranslation();
  const query = useCalibration(ids);
  const [continued, setContinued] = useState<boolean | null>(null);
  // Whether calibration was done when the page opened: a learner who just submitted the last
  // example stays on the comparison until they choose to continue.
  const doneOnArrival = useRef<boolean | null>(null);
  if (query.isPending) return <Loader size="sm" />;
  // An error (or no calibration): the reviews as before; the server still guards their saves.
  const c = query.data;
  if (!c?.enabled) return <>{children}</>;
  doneOnArrival.current ??= c.done;
  const first = continued ?? doneOnArrival.current;
  if (!first && c.editable) {
    return <CalibrationSteps ids={ids} c={c} onContinue={() => setContinued(true)} />;
  }
  return (
    <Stack gap="md">
      <Alert color={c.done ? 'teal' : 'gray'} data-testid="calibration-summary">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text size="sm">
            {c.done
              ? t('calibration.doneSummary', { closeness: c.closeness === null ? '—' : percent(c.closeness) })
              : t('calibration.notDone')}
          </Text>
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => setContinued(false)}
            disabled={!c.editable && !c.done}
          >
            {t('calibration.review')}
          </Button>
        </Group>
      </Alert>
      {continued === false ? (
        <CalibrationSteps ids={ids} c={c} onContinue={() => setContinued(true)} />
      ) : null}
      {children}
    </Stack>
  );
}

function CalibrationSteps({ ids, c, onContinue }: { ids: Ids; c: CalibrationData; onContinue: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md" data-testid="calibration">
      <Title order={2} size="h4">
        {t('calibration.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('calibration.intro', { count: c.examples.length })}
      </Text>
      {c.examples.map((x) => (
        <ExampleCard key={x.index} ids={ids} c={c} example={x} />
      ))}
      {c.done ? (
        <Group justify="space-between" wrap="wrap">
          <Text fw={600} data-testid="calibration-closeness">
            {t('calibration.overall', { closeness: c.closeness === null ? '—' : percent(c.closeness) })}
          </Text>
          <Button onClick={onContinue} data-testid="calibration-continue">
            {t('calibration.continue')}
          </Button>
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          {t('calibration.reviewsAfter')}
        </Text>
      )}
    </Stack>
  );
}

function ExampleCard({ ids, c, example }: { ids: Ids; c: CalibrationData; example: CalibrationExampleView }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [points, setPoints] = useState<(number | null)[]>(example.points);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const n = example.index + 1;
  const submit = async () => {
    if (points.some((p) => p === null)) {
      setError(t('calibration.scoreEvery'));
      return;
    }
    setSaving(true);
    setError(null);
    try {
      const fresh = await saveCalibration(ids, { example: example.index, points, submit: true });
      queryClient.setQueryData(calibrationKey(ids), fresh);
    } catch (e) {
      if (e instanceof ApiError) setError(e.message);
      else notify('save', { color: 'yellow', message: t('common.wrongRequest') });
    } finally {
      setSaving(false);
    }
  };
  return (
    <Card withBorder radius="md" p="md" data-testid={`calibration-example-${example.index}`}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={3} size="h5">
            {example.title || t('calibration.example', { n })}
          </Title>
          {example.submitted && example.closeness !== null ? (
            <Badge
              color="teal"
              variant="light"
              data-testid={`calibration-example-closeness-${example.index}`}
            >
              {t('calibration.closeness', { closeness: percent(example.closeness) })}
            </Badge>
          ) : null}
        </Group>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="calibration-text">
          {example.text}
        </Text>
        {c.standards.map((s, k) => {
          const id = `cal-${example.index}-${k}`;
          const mine = points[k] ?? null;
          return (
            <Stack key={id} gap={6}>
              <Text fw={600} id={id}>
                {k + 1}. {s.question}
              </Text>
              {example.submitted ? (
                <Stack gap={2} data-testid={`calibration-compare-${example.index}-${k}`}>
                  <Group gap="lg" wrap="wrap">
                    <Text size="sm">{t('calibration.yours', { point: mine ?? '—', max: s.max_point })}</Text>
                    <Text size="sm" fw={600}>
                      {t('calibration.instructors', {
                        point: example.instructor_points?.[k] ?? '—',
                        max: s.max_point,
                      })}
                    </Text>
                  </Group>
                  {example.explanations?.[k] ? (
                    <Text size="sm" c="dimmed">
                      {example.explanations[k]}
                    </Text>
                  ) : null}
                </Stack>
              ) : (
                <SegmentedControl
                  fullWidth
                  disabled={!c.editable}
                  aria-labelledby={id}
                  value={mine === null ? '' : String(mine)}
                  onChange={(p) => {
                    const next = c.standards.map((_, i) => (i === k ? Number(p) : (points[i] ?? null)));
                    setPoints(next);
                    setError(null);
                    // Kept as a draft on the server: it survives a reload (not yet revealed).
                    saveCalibration(ids, { example: example.index, points: next, submit: false })
                      .then((fresh) =>
                        // A draft answered after the submission must not hide the reveal.
                        queryClient.setQueryData(calibrationKey(ids), (cur: CalibrationData | undefined) =>
                          cur?.examples[example.index]?.submitted ? cur : fresh,
                        ),
                      )
                      .catch(() => undefined);
                  }}
                  data={Array.from({ length: s.max_point + 1 }, (_, p) => ({
                    value: String(p),
                    label: String(p),
                  }))}
                />
              )}
            </Stack>
          );
        })}
        {error ? (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        ) : null}
        {!example.submitted && c.editable ? (
          <Group justify="flex-end">
            <Button
              onClick={() => void submit()}
              loading={saving}
              data-testid={`calibration-submit-${example.index}`}
            >
              {t('calibration.submit')}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}

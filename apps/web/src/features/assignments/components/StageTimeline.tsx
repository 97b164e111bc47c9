import { Stepper, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type Assignment, currentStepIndex, progressSteps, UI } from '@pw/contract';
import { useTranslation } from 'react-i18next';
import { IconFlag } from '../../../components/icons';
import { useStageLabels } from '../../../components/StageText';
import { formatShortDateTime } from '../../../lib/format';

/**
 * The stage progress timeline: ES(+QU) → PE → AD → FE(+RE) → CO, with each step's period.
 * Question writing and revision are merged into the essay and feedback labels (part 2 §4).
 */
export function StageTimeline({ assignment }: { assignment: Assignment }) {
  const { t } = useTranslation();
  const labels = useStageLabels();
  const narrow = useMediaQuery(`(max-width: ${UI.narrowBreakpointPx - 1}px)`, false, {
    getInitialValueInEffect: false,
  });
  const steps = progressSteps(assignment.progresses);
  const current = currentStepIndex(steps, assignment.current_stage.stage);
  const complete = current >= steps.length;
  // A learner's own end of a step (issue 33): the latest extended end among its stages.
  const extendedEnd = (models: readonly string[]) =>
    assignment.progresses
      .filter((p) => models.includes(p.model) && p.extended_end_date)
      .map((p) => p.extended_end_date as string)
      .sort()
      .at(-1) ?? null;
  const period = (start: string | null, end: string | null) =>
    start || end
      ? `${formatShortDateTime(start) || '…'} ~ ${formatShortDateTime(end) || '…'}`
      : t('assignments.timeline.notSet');
  return (
    <Stepper
      active={complete ? steps.length + 1 : current}
      orientation={narrow ? 'vertical' : 'horizontal'}
      size="sm"
      allowNextStepsSelect={false}
      data-testid="stage-timeline"
      data-current={assignment.current_stage.stage}
    >
      {steps.map((step, i) => (
        <Stepper.Step
          key={step.code}
          label={labels.step(step.models)}
          description={
            <Text component="span" size="xs" c="dimmed">
              {period(step.startAt, step.endAt)}
              {i === current ? ` · ${t('assignments.timeline.current')}` : ''}
              {extendedEnd(step.models) ? (
                <Text
                  component="span"
                  size="xs"
                  c="teal.9"
                  fw={500}
                  display="block"
                  data-testid="timeline-extended"
                >
                  {t('assignments.timeline.extendedEnd', {
                    date: formatShortDateTime(extendedEnd(step.models)),
                  })}
                </Text>
              ) : null}
            </Text>
          }
          data-testid={`timeline-step-${step.code}`}
          data-state={i < current ? 'done' : i === current ? 'current' : 'upcoming'}
        />
      ))}
      <Stepper.Step
        label={labels.code('CO')}
        icon={<IconFlag size={16} />}
        completedIcon={<IconFlag size={16} />}
        data-testid="timeline-step-CO"
        data-state={complete ? 'done' : 'upcoming'}
      />
    </Stepper>
  );
}

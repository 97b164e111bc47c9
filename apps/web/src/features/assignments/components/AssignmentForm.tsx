import { toNestErrors } from '@hookform/resolvers';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  Input,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type Assignment, type FileRef, LIMITS, MODEL_CODES, type StageModelName } from '@pw/contract';
import { IconAlertTriangle, IconLock, IconMinus, IconPlus, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import {
  Controller,
  type FieldErrors,
  type Path,
  type Resolver,
  useFieldArray,
  useForm,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FileLinks, FilesField } from '../../../components/FilesField';
import { useStageLabels } from '../../../components/StageText';
import { formatShortDateTime } from '../../../lib/format';
import {
  type AssignmentFormValues,
  effectiveStart,
  formSteps,
  formTotal,
  type NumberValue,
  rescoredForToggle,
  type ScheduleContext,
  type StepKey,
  toFormData,
  validateForm,
} from '../form';

/** What the page sends: the multipart fields, the new files and the stored files to remove. */
export type AssignmentSubmit = { form: FormData; files: File[]; deleteFiles: number[] };

type Props = {
  mode: 'create' | 'edit';
  initial: AssignmentFormValues;
  /** The server's locks when editing (part 2 §4 editor locking). */
  editable?: Assignment['editable'];
  existingFiles?: FileRef[];
  submitting: boolean;
  cancelTo: string;
  /** Resolves with the server's field messages (400), if any. */
  onSubmit: (payload: AssignmentSubmit) => Promise<Record<string, string[]> | undefined>;
};

type OptionalModel = 'questionwriting' | 'adjustment' | 'feedbackreview' | 'revisement';
const SECTION_OF: Record<OptionalModel, 'question' | 'adjustment' | 'feedback' | 'revisement'> = {
  questionwriting: 'question',
  adjustment: 'adjustment',
  feedbackreview: 'feedback',
  revisement: 'revisement',
};
const HOST_STEP: Record<StageModelName, StepKey> = {
  essaywriting: 'essay',
  questionwriting: 'essay',
  peerreview: 'peer',
  adjustment: 'adjustment',
  feedbackreview: 'feedback',
  revisement: 'feedback',
};
const ATTACHMENT = /\.(pdf|mp4)$/i;

/**
 * The assignment editor of `/assignments/new` and `/assignments/:id/edit` (part 2 §3–§5, §9):
 * name, description, files, the running options, the stages with their settings, schedule and
 * scores. The rules of the contract apply as you type; a total other than 100 warns with the
 * total and stops the submit; parts the server has locked are disabled.
 */
export function AssignmentForm({
  mode,
  initial,
  editable,
  existingFiles = [],
  submitting,
  cancelTo,
  onSubmit,
}: Props) {
  const { t } = useTranslation();
  const labels = useStageLabels();
  const [files, setFiles] = useState<File[]>([]);
  const [removed, setRemoved] = useState<number[]>([]);
  const [filesError, setFilesError] = useState<string>();
  const [totalWarning, setTotalWarning] = useState<number | null>(null);

  const lockedAll = editable?.locked ?? false;
  const firstOpen = editable?.first_open_step ?? 0;
  const scheduleContext = (v: AssignmentFormValues): ScheduleContext => ({
    // A new assignment may start within the current minute, as the server allows.
    now: new Date(Date.now() - (mode === 'create' ? 60_000 : 0)),
    startedSteps: firstOpen,
    startsNow: mode === 'create' && v.is_directly_starting,
  });

  const resolver: Resolver<AssignmentFormValues> = (values, _context, options) => {
    const errors = validateForm(values, scheduleContext(values));
    if (Object.keys(errors).length === 0) return { values, errors: {} };
    const flat: Record<string, { type: string; message: string }> = {};
    for (const [path, message] of Object.entries(errors)) flat[path] = { type: 'validate', message };
    return { values: {}, errors: toNestErrors(flat as FieldErrors, options) };
  };

  const form = useForm<AssignmentFormValues>({ defaultValues: initial, resolver });
  const quizs = useFieldArray({ control: form.control, name: 'question.quizs' });
  const standards = useFieldArray({ control: form.control, name: 'peer.standards' });
  const values = form.watch();
  const steps = formSteps(values);
  const total = formTotal(values);
  const ctx = scheduleContext(values);

  /** Catalog keys (with `|max`) are translated; the server's messages arrive translated. */
  const tr = (message: string | undefined) => {
    if (!message) return undefined;
    if (!message.startsWith('validation.')) return message;
    const [key, max] = message.split('|');
    return t(key ?? message, { max });
  };
  const settingsOpen = (model: StageModelName) => !lockedAll && (editable ? editable.settings[model] : true);

  /** Whether an optional stage may be added or removed: its step must not have started. */
  const canToggle = (model: OptionalModel) => {
    if (!settingsOpen(model)) return false;
    const withIt: AssignmentFormValues = {
      ...values,
      adjustment: { ...values.adjustment, enabled: values.adjustment.enabled || model === 'adjustment' },
      feedback: {
        ...values.feedback,
        enabled: values.feedback.enabled || model === 'feedbackreview' || model === 'revisement',
      },
    };
    return formSteps(withIt).indexOf(HOST_STEP[model]) >= firstOpen;
  };

  const toggle = (model: OptionalModel, on: boolean) => {
    const v = form.getValues();
    if (model === 'feedbackreview' || model === 'revisement') {
      const feedback = model === 'feedbackreview' ? on : v.feedback.enabled;
      const revisement = model === 'revisement' ? on : feedback && v.revisement.enabled;
      const scores = rescoredForToggle(v, { feedback, revisement });
      if (scores) {
        form.setValue('essay.max_writing_score', scores.writing);
        form.setValue('peer.max_review_score', scores.review);
        form.setValue('peer.max_metacognition_score', scores.metacognition);
        if (scores.feedback > 0) form.setValue('feedback.max_review_score', scores.feedback);
        if (scores.revisement > 0) form.setValue('revisement.max_revisement_score', scores.revisement);
      }
      if (model === 'feedbackreview' && !on) form.setValue('revisement.enabled', false);
    }
    form.setValue(`${SECTION_OF[model]}.enabled`, on, { shouldDirty: true });
    setTotalWarning(null);
    if (form.formState.isSubmitted) void form.trigger();
  };

  const warnTotal = (v: AssignmentFormValues) => {
    const sum = formTotal(v);
    if (sum === 100) return false;
    setTotalWarning(sum);
    notifications.show({ color: 'yellow', message: t('assignments.form.totalWarning', { total: sum }) });
    return true;
  };

  const submit = form.handleSubmit(
    async (v) => {
      if (warnTotal(v)) return;
      setTotalWarning(null);
      const fields = await onSubmit({
        form: toFormData(v, scheduleContext(v)),
        files,
        deleteFiles: removed,
      });
      for (const [field, messages] of Object.entries(fields ?? {})) {
        if (field === 'name' || field === 'description')
          form.setError(field, { message: messages.join(' ') });
      }
      setFilesError(fields?.files?.join(' '));
    },
    (_errors) => {
      if (!warnTotal(form.getValues()))
        notifications.show({ color: 'yellow', message: t('assignments.form.check') });
    },
  );

  const numberField = (
    name: Path<AssignmentFormValues>,
    label: string,
    opts: { min: number; max: number; disabled: boolean; testId?: string; suffix?: string },
  ) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <NumberInput
          label={label}
          min={opts.min}
          max={opts.max}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          suffix={opts.suffix}
          value={field.value as NumberValue}
          onChange={field.onChange}
          onBlur={field.onBlur}
          ref={field.ref}
          name={field.name}
          disabled={opts.disabled}
          error={tr(fieldState.error?.message)}
          data-testid={opts.testId}
        />
      )}
    />
  );

  /** The start and end inputs of a step, or what replaces the start (start now, continue). */
  const stepDates = (key: StepKey) => {
    const index = steps.indexOf(key);
    const startLocked = lockedAll || index < firstOpen;
    const endLocked = lockedAll || index < firstOpen - 1;
    const derived =
      index === 0 && ctx.startsNow
        ? t('assignments.form.startsNow')
        : values.is_continue_from_previous_step && index > 0 && index >= firstOpen
          ? `${t('assignments.form.continues')}${
              effectiveStart(values, index, ctx)
                ? ` (${formatShortDateTime(effectiveStart(values, index, ctx)?.toISOString() ?? null)})`
                : ''
            }`
          : null;
    const required = values.is_auto_schedule;
    return (
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {derived !== null ? (
          <TextInput
            label={t('assignments.form.start')}
            value={derived}
            readOnly
            disabled
            error={tr(form.formState.errors[key]?.start?.message)}
            data-testid={`${key}-start`}
          />
        ) : (
          <Controller
            control={form.control}
            name={`${key}.start`}
            render={({ field, fieldState }) => (
              <TextInput
                type="datetime-local"
                label={t('assignments.form.start')}
                withAsterisk={required}
                value={field.value}
                onChange={(e) => field.onChange(e.currentTarget.value)}
                onBlur={field.onBlur}
                ref={field.ref}
                disabled={startLocked}
                rightSection={startLocked ? <IconLock size={14} /> : undefined}
                error={tr(fieldState.error?.message)}
                data-testid={`${key}-start`}
              />
            )}
          />
        )}
        <Controller
          control={form.control}
          name={`${key}.end`}
          render={({ field, fieldState }) => (
            <TextInput
              type="datetime-local"
              label={t('assignments.form.end')}
              withAsterisk={required}
              value={field.value}
              onChange={(e) => field.onChange(e.currentTarget.value)}
              onBlur={field.onBlur}
              ref={field.ref}
              disabled={endLocked}
              rightSection={endLocked ? <IconLock size={14} /> : undefined}
              error={tr(fieldState.error?.message)}
              data-testid={`${key}-end`}
            />
          )}
        />
      </SimpleGrid>
    );
  };

  /** A stage's card: label, required/optional, lock, add/remove, and its body when in use. */
  const stageCard = (
    model: StageModelName,
    body: ReactNode,
    opts: { optional?: OptionalModel; enabled?: boolean; nested?: boolean; note?: string } = {},
  ) => {
    const enabled = opts.enabled ?? true;
    const code = MODEL_CODES[model];
    const label = labels.code(code);
    const locked = enabled && !settingsOpen(model);
    const toggleable = opts.optional ? canToggle(opts.optional) : false;
    return (
      <Card
        withBorder
        radius="md"
        p="md"
        bg={opts.nested ? 'var(--mantine-color-gray-0)' : undefined}
        data-testid={`stage-${model}`}
        data-enabled={enabled}
      >
        <Stack gap="sm">
          <Group justify="space-between" gap="xs">
            <Group gap="xs">
              <Title order={3} size={opts.nested ? 'h6' : 'h5'}>
                {label}
              </Title>
              <Badge size="xs" variant="light" color={opts.optional ? 'gray' : 'violet'}>
                {opts.optional ? t('assignments.form.optional') : t('assignments.form.required')}
              </Badge>
              {opts.note ? (
                <Text size="xs" c="dimmed">
                  {opts.note}
                </Text>
              ) : null}
              {locked ? (
                <Badge
                  size="xs"
                  variant="outline"
                  color="gray"
                  leftSection={<IconLock size={10} />}
                  title={t('assignments.form.stageLocked')}
                >
                  {t('assignments.form.stageLocked')}
                </Badge>
              ) : null}
            </Group>
            {opts.optional ? (
              <Button
                size="compact-sm"
                variant={enabled ? 'subtle' : 'light'}
                color={enabled ? 'red' : undefined}
                leftSection={enabled ? <IconMinus size={14} /> : <IconPlus size={14} />}
                disabled={!toggleable}
                onClick={() => opts.optional && toggle(opts.optional, !enabled)}
                data-testid={`stage-toggle-${model}`}
              >
                {enabled
                  ? t('assignments.form.removeStage', { stage: label })
                  : t('assignments.form.addStage', { stage: label })}
              </Button>
            ) : null}
          </Group>
          {enabled ? body : null}
        </Stack>
      </Card>
    );
  };

  const essayOpen = settingsOpen('essaywriting');
  const questionOpen = settingsOpen('questionwriting');
  const peerOpen = settingsOpen('peerreview');
  const feedbackOpen = settingsOpen('feedbackreview');
  const revisementOpen = settingsOpen('revisement');
  const quizErrors = form.formState.errors.question?.quizs;
  const standardErrors = form.formState.errors.peer?.standards;

  return (
    <form onSubmit={submit} noValidate data-testid="assignment-form">
      <Stack gap="lg">
        {lockedAll ? (
          <Alert color="gray" icon={<IconLock size={18} />} data-testid="assignment-locked">
            {t('assignments.form.locked')}
          </Alert>
        ) : firstOpen > 0 ? (
          <Alert color="blue" variant="light" icon={<IconLock size={18} />}>
            {t('assignments.form.partlyLocked')}
          </Alert>
        ) : null}

        <Card withBorder radius="lg" p="lg">
          <Stack gap="md">
            <Title order={2} size="h4">
              {t('assignments.form.basics')}
            </Title>
            <Controller
              control={form.control}
              name="name"
              render={({ field, fieldState }) => (
                <TextInput
                  label={t('assignments.form.name')}
                  description={t('assignments.form.nameHint', { max: LIMITS.assignmentNameMax })}
                  withAsterisk
                  maxLength={LIMITS.assignmentNameMax}
                  {...field}
                  disabled={lockedAll}
                  error={tr(fieldState.error?.message)}
                />
              )}
            />
            <Controller
              control={form.control}
              name="description"
              render={({ field, fieldState }) => (
                <Textarea
                  label={t('assignments.form.description')}
                  placeholder={t('assignments.form.descriptionPlaceholder')}
                  withAsterisk
                  autosize
                  minRows={4}
                  maxRows={16}
                  {...field}
                  disabled={lockedAll}
                  error={tr(fieldState.error?.message)}
                />
              )}
            />
            {lockedAll ? (
              <Input.Wrapper label={t('assignments.form.files')}>
                <FileLinks files={existingFiles} />
              </Input.Wrapper>
            ) : (
              <FilesField
                label={t('assignments.form.files')}
                description={t('assignments.form.filesHint')}
                accept=".pdf,.mp4"
                value={files}
                onChange={(next) => {
                  const allowed = next.filter((f) => ATTACHMENT.test(f.name));
                  if (allowed.length < next.length)
                    notifications.show({ color: 'yellow', message: t('assignments.form.fileType') });
                  setFiles(allowed);
                  setFilesError(undefined);
                }}
                error={filesError}
                existing={existingFiles}
                removed={removed}
                onRemovedChange={setRemoved}
                testId="assignment-files"
              />
            )}
          </Stack>
        </Card>

        <Card withBorder radius="lg" p="lg">
          <Stack gap="sm">
            <Title order={2} size="h4">
              {t('assignments.form.options')}
            </Title>
            {(
              [
                ['is_public', 'isPublic', lockedAll],
                ['is_auto_schedule', 'autoSchedule', lockedAll],
                ['is_directly_starting', 'directStart', lockedAll || mode === 'edit'],
                ['is_continue_from_previous_step', 'continuePrevious', lockedAll],
              ] as const
            ).map(([name, key, disabled]) => (
              <Controller
                key={name}
                control={form.control}
                name={name}
                render={({ field }) => (
                  <Checkbox
                    label={t(`assignments.form.${key}`)}
                    description={t(`assignments.form.${key}Hint`)}
                    checked={field.value}
                    onChange={(e) => {
                      field.onChange(e.currentTarget.checked);
                      if (form.formState.isSubmitted) void form.trigger();
                    }}
                    onBlur={field.onBlur}
                    ref={field.ref}
                    disabled={disabled}
                    data-testid={`option-${name}`}
                  />
                )}
              />
            ))}
          </Stack>
        </Card>

        <Card withBorder radius="lg" p="lg">
          <Stack gap="md">
            <Stack gap={2}>
              <Title order={2} size="h4">
                {t('assignments.form.stagesTitle')}
              </Title>
              <Text size="sm" c="dimmed">
                {t('assignments.form.stagesHint')}
              </Text>
            </Stack>

            {stageCard(
              'essaywriting',
              <Stack gap="sm">
                <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
                  <Controller
                    control={form.control}
                    name="essay.limit_type"
                    render={({ field }) => (
                      <Input.Wrapper label={t('assignments.form.limitType')}>
                        <SegmentedControl
                          fullWidth
                          mt={4}
                          value={field.value}
                          onChange={(v) => field.onChange(v)}
                          disabled={!essayOpen}
                          data={[
                            { value: 'L', label: t('assignments.form.letters') },
                            { value: 'W', label: t('assignments.form.words') },
                          ]}
                        />
                      </Input.Wrapper>
                    )}
                  />
                  {numberField('essay.max_length', t('assignments.form.maxLength'), {
                    min: 0,
                    max: LIMITS.essayMaxLength,
                    disabled: !essayOpen,
                    testId: 'essay-max-length',
                  })}
                  {numberField('essay.max_writing_score', t('assignments.form.writingScore'), {
                    min: LIMITS.scoreComponentMin,
                    max: LIMITS.scoreComponentMax,
                    disabled: !essayOpen,
                    testId: 'score-writing',
                  })}
                </SimpleGrid>
                {stepDates('essay')}
                {stageCard(
                  'questionwriting',
                  <Stack gap="xs">
                    {quizs.fields.map((item, i) => (
                      <Group key={item.id} gap="xs" wrap="nowrap" align="flex-start">
                        <Controller
                          control={form.control}
                          name={`question.quizs.${i}.quiz`}
                          render={({ field, fieldState }) => (
                            <TextInput
                              style={{ flex: 1 }}
                              aria-label={t('assignments.form.quizN', { n: i + 1 })}
                              placeholder={t('assignments.form.quizN', { n: i + 1 })}
                              maxLength={LIMITS.quizMax}
                              {...field}
                              disabled={!questionOpen}
                              error={tr(fieldState.error?.message)}
                            />
                          )}
                        />
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          mt={4}
                          disabled={!questionOpen || quizs.fields.length <= 1}
                          onClick={() => quizs.remove(i)}
                          aria-label={t('assignments.form.removeQuiz', { n: i + 1 })}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Group>
                    ))}
                    {quizErrors?.root?.message || quizErrors?.message ? (
                      <Text size="sm" c="red">
                        {tr(quizErrors?.root?.message ?? quizErrors?.message)}
                      </Text>
                    ) : null}
                    <Group>
                      <Button
                        size="xs"
                        variant="default"
                        leftSection={<IconPlus size={14} />}
                        disabled={!questionOpen}
                        onClick={() => quizs.append({ quiz: '' })}
                      >
                        {t('assignments.form.addQuiz')}
                      </Button>
                    </Group>
                  </Stack>,
                  {
                    optional: 'questionwriting',
                    enabled: values.question.enabled,
                    nested: true,
                    note: t('assignments.form.withEssay'),
                  },
                )}
              </Stack>,
            )}

            {stageCard(
              'peerreview',
              <Stack gap="sm">
                <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
                  <Controller
                    control={form.control}
                    name="peer.peer_count"
                    render={({ field, fieldState }) => (
                      <Select
                        label={t('assignments.form.peerCount')}
                        data={Array.from(
                          { length: LIMITS.reviewerCountMax - LIMITS.reviewerCountMin + 1 },
                          (_, i) => {
                            const n = LIMITS.reviewerCountMin + i;
                            return { value: String(n), label: t('assignments.form.peerCountOption', { n }) };
                          },
                        )}
                        value={String(field.value)}
                        onChange={(v) => field.onChange(v ? Number(v) : '')}
                        allowDeselect={false}
                        disabled={!peerOpen}
                        error={tr(fieldState.error?.message)}
                        data-testid="peer-count"
                      />
                    )}
                  />
                  {numberField('peer.max_review_score', t('assignments.form.reviewScore'), {
                    min: LIMITS.scoreComponentMin,
                    max: LIMITS.scoreComponentMax,
                    disabled: !peerOpen,
                    testId: 'score-review',
                  })}
                  {numberField('peer.max_metacognition_score', t('assignments.form.metacognitionScore'), {
                    min: LIMITS.scoreComponentMin,
                    max: LIMITS.scoreComponentMax,
                    disabled: !peerOpen,
                    testId: 'score-metacognition',
                  })}
                </SimpleGrid>
                <Input.Wrapper
                  label={t('assignments.form.standards')}
                  withAsterisk
                  error={tr(standardErrors?.root?.message ?? standardErrors?.message)}
                >
                  <Stack gap="xs" mt={6}>
                    {standards.fields.map((item, i) => (
                      <Group key={item.id} gap="xs" wrap="nowrap" align="flex-start">
                        <Controller
                          control={form.control}
                          name={`peer.standards.${i}.question`}
                          render={({ field, fieldState }) => (
                            <TextInput
                              style={{ flex: 1 }}
                              aria-label={t('assignments.form.standardN', { n: i + 1 })}
                              placeholder={t('assignments.form.standardN', { n: i + 1 })}
                              maxLength={LIMITS.standardQuestionMax}
                              {...field}
                              disabled={!peerOpen}
                              error={tr(fieldState.error?.message)}
                              data-testid={`standard-${i}`}
                            />
                          )}
                        />
                        <Controller
                          control={form.control}
                          name={`peer.standards.${i}.max_point`}
                          render={({ field, fieldState }) => (
                            <NumberInput
                              w={120}
                              aria-label={`${t('assignments.form.standardN', { n: i + 1 })} ${t('assignments.form.standardPoint')}`}
                              placeholder={t('assignments.form.standardPoint')}
                              min={LIMITS.standardPointMin}
                              max={LIMITS.standardPointMax}
                              allowDecimal={false}
                              allowNegative={false}
                              clampBehavior="none"
                              value={field.value}
                              onChange={field.onChange}
                              onBlur={field.onBlur}
                              ref={field.ref}
                              disabled={!peerOpen}
                              error={tr(fieldState.error?.message)}
                              data-testid={`standard-${i}-point`}
                            />
                          )}
                        />
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          mt={4}
                          disabled={!peerOpen || standards.fields.length <= 1}
                          onClick={() => standards.remove(i)}
                          aria-label={t('assignments.form.removeStandard', { n: i + 1 })}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Group>
                    ))}
                    <Group>
                      <Button
                        size="xs"
                        variant="default"
                        leftSection={<IconPlus size={14} />}
                        disabled={!peerOpen}
                        onClick={() => standards.append({ question: '', max_point: 6 })}
                      >
                        {t('assignments.form.addStandard')}
                      </Button>
                    </Group>
                  </Stack>
                </Input.Wrapper>
                {stepDates('peer')}
              </Stack>,
            )}

            {stageCard(
              'adjustment',
              <Stack gap="sm">
                <Text size="sm" c="dimmed">
                  {t('assignments.form.adjustmentHint')}
                </Text>
                {stepDates('adjustment')}
              </Stack>,
              { optional: 'adjustment', enabled: values.adjustment.enabled },
            )}

            {stageCard(
              'feedbackreview',
              <Stack gap="sm">
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                  {numberField('feedback.max_review_score', t('assignments.form.feedbackScore'), {
                    min: LIMITS.scoreComponentMin,
                    max: LIMITS.scoreComponentMax,
                    disabled: !feedbackOpen,
                    testId: 'score-feedback',
                  })}
                  {numberField('feedback.max_point', t('assignments.form.feedbackPoint'), {
                    min: LIMITS.feedbackPointMin,
                    max: LIMITS.feedbackPointMax,
                    disabled: !feedbackOpen,
                    testId: 'feedback-max-point',
                  })}
                </SimpleGrid>
                {stepDates('feedback')}
                {stageCard(
                  'revisement',
                  numberField('revisement.max_revisement_score', t('assignments.form.revisementScore'), {
                    min: LIMITS.scoreComponentMin,
                    max: LIMITS.scoreComponentMax,
                    disabled: !revisementOpen,
                    testId: 'score-revisement',
                  }),
                  {
                    optional: 'revisement',
                    enabled: values.revisement.enabled,
                    nested: true,
                    note: t('assignments.form.withFeedback'),
                  },
                )}
              </Stack>,
              { optional: 'feedbackreview', enabled: values.feedback.enabled },
            )}
          </Stack>
        </Card>

        <Card withBorder radius="lg" p="lg">
          <Stack gap="xs">
            <Group justify="space-between">
              <Title order={2} size="h4">
                {t('assignments.form.scores')}
              </Title>
              <Badge
                size="lg"
                variant="light"
                color={total === 100 ? 'teal' : 'red'}
                data-testid="score-total"
              >
                {t('assignments.form.total', { total })}
              </Badge>
            </Group>
            <Text size="sm" c="dimmed">
              {t('assignments.form.scoresHint')}
            </Text>
            {totalWarning !== null ? (
              <Alert
                color="yellow"
                icon={<IconAlertTriangle size={18} />}
                data-testid="score-total-warning"
                role="alert"
              >
                {t('assignments.form.totalWarning', { total: totalWarning })}
              </Alert>
            ) : null}
          </Stack>
        </Card>

        <Group justify="flex-end">
          <Button variant="default" component={Link} to={cancelTo}>
            {t('common.cancel')}
          </Button>
          {lockedAll ? null : (
            <Button type="submit" loading={submitting} data-testid="assignment-submit">
              {mode === 'create' ? t('assignments.form.create') : t('assignments.form.save')}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}

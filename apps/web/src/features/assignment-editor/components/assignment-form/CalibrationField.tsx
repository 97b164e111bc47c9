import '../../../../lib/texts/calibration-texts';
import {
  Button,
  Card,
  Group,
  Input,
  NumberInput,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import {
  CALIBRATION_EXAMPLES_MAX,
  CALIBRATION_EXPLANATION_MAX,
  CALIBRATION_TEXT_MAX,
  CALIBRATION_TITLE_MAX,
} from '@pw/contract';
import { useState } from 'react';
import { Controller, useFieldArray, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { IconPlus, IconTrash } from '../../../../components/icons';
import { useCalibrationEssays } from '../../api/calibration-essays';
import type { AssignmentFormValues } from '../../form';
import { useEditor, useTr } from './editor-context';

/**
 * Calibration (issue 34, item 1): up to three example essays learners score before their peer
 * reviews, each with the instructor's point and a short explanation per rubric standard.
 */
export function CalibrationField({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation();
  const tr = useTr();
  const { ids } = useEditor();
  const { control, setValue } = useFormContext<AssignmentFormValues>();
  // This assignment's finished essays (editing only), asked for when a list is first opened.
  const [wantEssays, setWantEssays] = useState(false);
  const essays = useCalibrationEssays(ids, wantEssays);
  const essayOptions = (essays.data?.results ?? []).map((e) => ({
    value: String(e.number),
    label: t('calibration.editorEssayOption', {
      n: e.number,
      start: e.text.length > 40 ? `${e.text.slice(0, 40)}…` : e.text,
    }),
  }));
  const examples = useFieldArray({ control, name: 'peer.calibration' });
  const standards = useWatch({ control, name: 'peer.standards' });
  const { errors } = useFormState({ control, name: 'peer.calibration' });
  const listErrors = errors.peer?.calibration;
  return (
    <Input.Wrapper
      label={t('calibration.editorTitle')}
      description={t('calibration.editorHelp')}
      error={tr(listErrors?.root?.message ?? listErrors?.message)}
      data-testid="calibration-editor"
    >
      <Stack gap="sm" mt={6}>
        {examples.fields.map((item, i) => {
          const pointErrors = tr(listErrors?.[i]?.points?.message ?? listErrors?.[i]?.points?.root?.message);
          return (
            <Card key={item.id} withBorder radius="md" p="sm" data-testid={`calibration-edit-${i}`}>
              <Stack gap="xs">
                <Group justify="space-between" wrap="nowrap">
                  <Text fw={600}>{t('calibration.example', { n: i + 1 })}</Text>
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    color="red"
                    leftSection={<IconTrash size={14} />}
                    disabled={disabled}
                    onClick={() => examples.remove(i)}
                  >
                    {t('calibration.editorRemove')}
                  </Button>
                </Group>
                <Controller
                  control={control}
                  name={`peer.calibration.${i}.title`}
                  render={({ field }) => (
                    <TextInput
                      label={t('calibration.editorTitleField')}
                      maxLength={CALIBRATION_TITLE_MAX}
                      {...field}
                      disabled={disabled}
                    />
                  )}
                />
                {ids ? (
                  <Select
                    label={t('calibration.editorFromEssay')}
                    description={t('calibration.editorFromEssayHelp')}
                    placeholder={t('calibration.editorFromEssayPlaceholder')}
                    data={essayOptions}
                    value={null}
                    searchable
                    disabled={disabled}
                    onDropdownOpen={() => setWantEssays(true)}
                    nothingFoundMessage={
                      essays.isPending && wantEssays ? t('app.loading') : t('calibration.editorNoEssays')
                    }
                    onChange={(value) => {
                      const chosen = essays.data?.results.find((e) => String(e.number) === value);
                      if (chosen)
                        setValue(`peer.calibration.${i}.text`, chosen.text, {
                          shouldDirty: true,
                          shouldValidate: true,
                        });
                    }}
                    data-testid={`calibration-edit-${i}-from-essay`}
                  />
                ) : null}
                <Controller
                  control={control}
                  name={`peer.calibration.${i}.text`}
                  render={({ field, fieldState }) => (
                    <Textarea
                      label={t('calibration.editorText')}
                      required
                      autosize
                      minRows={3}
                      maxLength={CALIBRATION_TEXT_MAX}
                      {...field}
                      disabled={disabled}
                      error={tr(fieldState.error?.message)}
                      data-testid={`calibration-edit-${i}-text`}
                    />
                  )}
                />
                {standards.map((s, k) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the points are by standard position
                  <Group key={`${item.id}-${k}`} gap="xs" wrap="wrap" align="flex-start">
                    <Controller
                      control={control}
                      name={`peer.calibration.${i}.points.${k}`}
                      render={({ field, fieldState }) => (
                        <NumberInput
                          w={150}
                          label={`${k + 1}. ${t('calibration.editorPoint')} (0–${s.max_point})`}
                          min={0}
                          max={Number(s.max_point) || undefined}
                          allowDecimal={false}
                          allowNegative={false}
                          clampBehavior="none"
                          value={field.value ?? ''}
                          onChange={field.onChange}
                          onBlur={field.onBlur}
                          ref={field.ref}
                          disabled={disabled}
                          error={tr(fieldState.error?.message)}
                          data-testid={`calibration-edit-${i}-point-${k}`}
                        />
                      )}
                    />
                    <Controller
                      control={control}
                      name={`peer.calibration.${i}.explanations.${k}`}
                      render={({ field }) => (
                        <TextInput
                          style={{ flex: 1, minWidth: 200 }}
                          label={`${t('calibration.editorExplanation')} — ${s.question || t('assignments.form.standardN', { n: k + 1 })}`}
                          maxLength={CALIBRATION_EXPLANATION_MAX}
                          value={field.value ?? ''}
                          onChange={field.onChange}
                          onBlur={field.onBlur}
                          ref={field.ref}
                          disabled={disabled}
                          data-testid={`calibration-edit-${i}-explanation-${k}`}
                        />
                      )}
                    />
                  </Group>
                ))}
                {pointErrors ? (
                  <Text size="xs" c="red" role="alert">
                    {pointErrors}
                  </Text>
                ) : null}
              </Stack>
            </Card>
          );
        })}
        <Group>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconPlus size={14} />}
            disabled={disabled || examples.fields.length >= CALIBRATION_EXAMPLES_MAX}
            onClick={() =>
              examples.append({
                title: '',
                text: '',
                points: standards.map(() => ''),
                explanations: standards.map(() => ''),
              })
            }
            data-testid="calibration-add"
          >
            {t('calibration.editorAdd')}
          </Button>
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}

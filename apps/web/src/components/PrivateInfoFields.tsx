import { Select, TextInput } from '@mantine/core';
import { ATTENDING_TYPES, type AttendingType, hasGrade } from '@pw/contract';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { localToday } from '../lib/dates';
import { AddressField } from './AddressField';

/** The private-info fields every form with them shares (part 1 §3, §5). */
export type PrivateInfoForm = {
  attending_type?: AttendingType | null | undefined;
  grade?: number | string | null | undefined;
  address?: string | null | undefined;
  date_of_birth?: string | null | undefined;
};

type Props = {
  form: UseFormReturn<PrivateInfoForm>;
  /** The translated error of a field, if any. */
  errorOf: (name: keyof PrivateInfoForm) => string | undefined;
  addressPlaceholder?: string;
};

/**
 * School, grade (only for schools with grades), address (with the address dialog) and birth
 * date (a date picker), as the sign-up and profile forms show them.
 */
export function PrivateInfoFields({ form, errorOf, addressPlaceholder }: Props) {
  const { t } = useTranslation();
  const attendingType = form.watch('attending_type');
  return (
    <>
      <Controller
        control={form.control}
        name="attending_type"
        render={({ field }) => (
          <Select
            label={t('signUp.attendingType')}
            placeholder={t('signUp.attendingTypePlaceholder')}
            withAsterisk
            data={ATTENDING_TYPES.map((v) => ({ value: v, label: t(`signUp.attending.${v}`) }))}
            value={field.value ?? null}
            onChange={(v) => field.onChange(v)}
            onBlur={field.onBlur}
            error={errorOf('attending_type')}
            allowDeselect={false}
            data-testid="attending-type"
          />
        )}
      />
      {hasGrade(attendingType) ? (
        <Controller
          control={form.control}
          name="grade"
          render={({ field }) => (
            <Select
              label={t('signUp.grade')}
              withAsterisk
              data={['1', '2', '3', '4', '5', '6']}
              value={field.value == null || field.value === '' ? null : String(field.value)}
              onChange={(v) => field.onChange(v ?? '')}
              onBlur={field.onBlur}
              error={errorOf('grade')}
              allowDeselect={false}
              data-testid="grade"
            />
          )}
        />
      ) : null}
      <Controller
        control={form.control}
        name="address"
        render={({ field }) => (
          <AddressField
            ref={field.ref}
            name="address"
            label={t('signUp.address')}
            placeholder={addressPlaceholder}
            withAsterisk
            error={errorOf('address')}
            value={field.value ?? ''}
            onChange={field.onChange}
            onBlur={field.onBlur}
          />
        )}
      />
      <TextInput
        label={t('signUp.dateOfBirth')}
        type="date"
        max={localToday()}
        withAsterisk
        error={errorOf('date_of_birth')}
        {...form.register('date_of_birth')}
      />
    </>
  );
}

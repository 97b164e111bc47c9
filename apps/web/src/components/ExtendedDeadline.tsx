import { Alert } from '@mantine/core';
import type { Performance } from '@pw/contract';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../lib/dates';
import { IconHourglass } from './icons';

/** The learner's own deadline when they were given an extension (issue 33): shown on their work. */
export function ExtendedDeadline({ p }: { p: Pick<Performance, 'is_extended' | 'deadline' | 'is_mine'> }) {
  const { t } = useTranslation();
  if (!p.is_extended || !p.deadline || !p.is_mine) return null;
  return (
    <Alert color="blue" variant="light" icon={<IconHourglass size={16} />} data-testid="extended-deadline">
      {t('work.extendedDeadline', { date: formatDateTime(p.deadline) })}
    </Alert>
  );
}

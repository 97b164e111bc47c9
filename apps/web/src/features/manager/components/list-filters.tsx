import '../manager-texts';
import { Select, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { Configuration } from '@pw/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconSearch } from '../../../components/icons';

/**
 * What the manager lists share: the search (debounced 500 ms), the instructor's group (only with
 * integrated management), and the page, which starts again at 1 when the search, the group or one
 * of the page's own `filters` changes.
 */
export function useListFilters(integrated: boolean | undefined, filters: readonly unknown[] = []) {
  const [text, setText] = useState('');
  const [q] = useDebouncedValue(text.trim(), 500);
  const [group, setGroup] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the filters are the trigger
  useEffect(() => setPage(1), [q, group, ...filters]);
  return {
    text,
    setText,
    /** The debounced search, `undefined` when empty. */
    q: q || undefined,
    group,
    setGroup,
    /** The chosen group's id, only with integrated management. */
    groupId: integrated && group ? Number(group) : undefined,
    page,
    setPage,
  };
}

/** A list whose page failed goes back to page 1 (part 2 §8). */
export function useFirstPageOnError(isError: boolean, page: number, setPage: (page: number) => void) {
  useEffect(() => {
    if (isError && page !== 1) setPage(1);
  }, [isError, page, setPage]);
}

/** The instructor's group filter; nothing without integrated management. */
export function GroupFilter({
  config,
  value,
  onChange,
}: {
  config: Configuration | undefined;
  value: string | null;
  onChange: (value: string | null) => void;
}) {
  const { t } = useTranslation();
  if (!config?.is_integrated_management) return null;
  return (
    <Select
      w={170}
      aria-label={t('manager.users.group')}
      placeholder={t('manager.users.group')}
      clearable
      value={value}
      onChange={onChange}
      data={config.groups.map((g) => ({ value: String(g.id), label: g.name }))}
    />
  );
}

/** A list's search box, labelled by its placeholder. */
export function SearchFilter({
  label,
  value,
  onChange,
  w = 260,
  testId,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  w?: number;
  testId?: string;
}) {
  return (
    <TextInput
      type="search"
      w={w}
      leftSection={<IconSearch size={14} />}
      aria-label={label}
      placeholder={label}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      data-testid={testId}
    />
  );
}

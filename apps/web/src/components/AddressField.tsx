import { Button, Modal, ScrollArea, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { forwardRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './AddressField.module.css';
import { IconSearch } from './icons';
import { searchRegions } from './regions';

type Props = {
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  name?: string;
  label: string;
  placeholder?: string;
  error?: string;
  withAsterisk?: boolean;
};

/**
 * The address field (part 1 §4): a pointer click opens the address dialog, which searches a
 * bundled list of regions and closes on a choice or on close. Typing is always possible, in the
 * field (keyboard focus does not open the dialog) and in the dialog's free-text box. From the
 * keyboard, ArrowDown in the field (as in a combobox) or the search button after it opens it.
 */
export const AddressField = forwardRef<HTMLInputElement, Props>(function AddressField(
  { value, onChange, onBlur, name, label, placeholder, error, withAsterisk },
  ref,
) {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  const [query, setQuery] = useState('');
  const [manual, setManual] = useState('');
  const results = searchRegions(query);

  const choose = (address: string) => {
    onChange(address);
    close();
  };
  const openDialog = () => {
    setQuery('');
    setManual(value);
    open();
  };

  return (
    <>
      <TextInput
        ref={ref}
        name={name}
        label={label}
        placeholder={placeholder}
        withAsterisk={withAsterisk}
        error={error}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        onBlur={onBlur}
        onClick={openDialog}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            openDialog();
          }
        }}
        aria-haspopup="dialog"
        autoComplete="street-address"
        rightSectionPointerEvents="all"
        rightSection={
          <UnstyledButton
            type="button"
            onClick={openDialog}
            aria-label={t('address.open')}
            className={classes.searchButton}
          >
            <IconSearch size={16} />
          </UnstyledButton>
        }
      />
      <Modal opened={opened} onClose={close} title={t('address.title')} centered size="md">
        <Stack gap="sm">
          <TextInput
            data-autofocus
            leftSection={<IconSearch size={16} />}
            placeholder={t('address.search')}
            value={query}
            onChange={(e) => setQuery(e.currentTarget.value)}
            aria-label={t('address.search')}
          />
          {query.trim() ? (
            results.length > 0 ? (
              <ScrollArea.Autosize mah={220}>
                <Stack gap={2} role="listbox" aria-label={t('address.results')}>
                  {results.map((r) => (
                    <UnstyledButton
                      key={r}
                      className={classes.option}
                      onClick={() => choose(r)}
                      role="option"
                      aria-selected={false}
                    >
                      {r}
                    </UnstyledButton>
                  ))}
                </Stack>
              </ScrollArea.Autosize>
            ) : (
              <Text size="sm" c="dimmed">
                {t('address.noResults')}
              </Text>
            )
          ) : null}
          <TextInput
            label={t('address.manual')}
            placeholder={t('address.manualPlaceholder')}
            value={manual}
            onChange={(e) => setManual(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && manual.trim()) {
                e.preventDefault();
                choose(manual.trim());
              }
            }}
          />
          <Button onClick={() => choose(manual.trim())} disabled={!manual.trim()}>
            {t('address.useManual')}
          </Button>
        </Stack>
      </Modal>
    </>
  );
});

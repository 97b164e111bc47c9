import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import type { FinishedReview } from '@pw/contract';
import { useTranslation } from 'react-i18next';

type Props = {
  /** The finished reviews the server said the save would delete; null when closed. */
  finished: readonly FinishedReview[] | null;
  onClose: () => void;
  onConfirm: () => void;
  loading?: boolean;
};

/**
 * Before a matching save deletes finished reviews: each named (reviewer, essay author), and
 * nothing is deleted unless the instructor confirms exactly these (issue 36).
 */
export function FinishedLossModal({ finished, onClose, onConfirm, loading }: Props) {
  const { t } = useTranslation();
  return (
    <Modal opened={finished !== null} onClose={onClose} title={t('matching.confirmDeleteTitle')} centered>
      <Stack gap="md" data-testid="finished-loss">
        <Text size="sm">{t('matching.confirmDeleteMessage')}</Text>
        <List size="sm" spacing={4}>
          {(finished ?? []).map((x) => (
            <List.Item key={x.matching_id} data-testid="finished-loss-item">
              {t('matching.confirmDeleteItem', { reviewer: x.reviewer_name, target: x.target_name })}
            </List.Item>
          ))}
        </List>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            {t('common.cancel')}
          </Button>
          <Button color="red.9" onClick={onConfirm} loading={loading} data-testid="confirm-finished-loss">
            {t('matching.confirmDelete')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

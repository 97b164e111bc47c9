import { Badge, Button, Card, Group, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import type { Extension, ManagementTable, StageModelName } from '@pw/contract';
import { MODEL_CODES, PARTICIPATION_STATUS } from '@pw/contract';
import { useQuery } from '@tanstack/react-query';
import { lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { IconHourglass, IconPencil, IconTrash } from '../../../components/icons';
import { OnDemandDialog } from '../../../components/OnDemandDialog';
import { useStageLabels } from '../../../components/StageText';
import { formatDateTime } from '../../../lib/dates';
import { notify } from '../../../lib/notify';
import { extensionsQuery, useWithdrawExtension } from '../api/extensions';

const ExtensionDialog = lazy(() => import('./ExtensionDialog').then((m) => ({ default: m.ExtensionDialog })));

type Props = {
  courseId: number;
  assignmentId: number;
  /** The assignment's stages, in order. */
  models: readonly StageModelName[];
  table: ManagementTable | undefined;
  /** A completed assignment takes no more extensions. */
  canGrant: boolean;
};

/**
 * Per-learner extensions (issue 33, item 1) under the progress table: the list with each learner's
 * own end, a withdraw button each, and the grant dialog for one or several learners at once.
 */
export function ExtensionsPanel({ courseId, assignmentId, models, table, canGrant }: Props) {
  const { t } = useTranslation();
  const labels = useStageLabels();
  const list = useQuery(extensionsQuery(courseId, assignmentId));
  const withdraw = useWithdrawExtension(courseId, assignmentId);
  const [opened, setOpened] = useState(false);
  const [editing, setEditing] = useState<Extension | null>(null);
  const [withdrawing, setWithdrawing] = useState<Extension | null>(null);
  const learners = (table?.names ?? [])
    .filter((n) => n.status === PARTICIPATION_STATUS.participating)
    .map((n) => ({ value: String(n.pk), label: n.code ? `${n.name} (${n.code})` : n.name }));

  const onWithdraw = async (id: number) => {
    try {
      await withdraw.mutateAsync(id);
      notify('action', { color: 'teal', message: t('assignments.extensions.withdrawn') });
    } catch {
      notify('action', { color: 'yellow', message: t('common.wrongRequest') });
    } finally {
      setWithdrawing(null);
    }
  };

  return (
    <Card withBorder radius="lg" p="lg" component="section" aria-labelledby="extensions-title">
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Title order={2} size="h4" id="extensions-title">
            {t('assignments.extensions.title')}
          </Title>
          {canGrant ? (
            <Button
              variant="default"
              leftSection={<IconHourglass size={16} />}
              onClick={() => setOpened(true)}
              disabled={learners.length === 0}
              data-testid="extension-grant-open"
            >
              {t('assignments.extensions.grant')}
            </Button>
          ) : null}
        </Group>
        {list.data && list.data.length > 0 ? (
          <Table.ScrollContainer type="native" minWidth={520}>
            <Table withTableBorder verticalSpacing={6} data-testid="extensions-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('assignments.manage.learner')}</Table.Th>
                  <Table.Th>{t('assignments.extensions.stage')}</Table.Th>
                  <Table.Th>{t('assignments.extensions.end')}</Table.Th>
                  <Table.Th>{t('assignments.extensions.reason')}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t('assignments.extensions.withdraw')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.map((x) => (
                  <Table.Tr key={x.id} data-testid={`extension-${x.enrollment_id}-${x.stage}`}>
                    <Table.Td>
                      {/* A name is not broken inside (정서 / 윤 on a phone); the table scrolls. */}
                      <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
                        {x.name}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" size="sm">
                        {labels.code(MODEL_CODES[x.stage])}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{formatDateTime(x.end_date)}</Text>
                      {x.stage_end_date ? (
                        <Text size="xs" c="dimmed">
                          {t('assignments.extensions.stageEnd', { date: formatDateTime(x.stage_end_date) })}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>
                      <Text
                        size="sm"
                        c={x.reason ? undefined : 'dimmed'}
                        style={{ overflowWrap: 'anywhere' }}
                      >
                        {x.reason || '–'}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {canGrant ? (
                        <Group gap={4} wrap="nowrap">
                          <Button
                            size="compact-xs"
                            variant="subtle"
                            leftSection={<IconPencil size={12} />}
                            onClick={() => setEditing(x)}
                            aria-label={t('assignments.extensions.editLabel', { name: x.name })}
                          >
                            {t('assignments.extensions.edit')}
                          </Button>
                          <Button
                            size="compact-xs"
                            variant="subtle"
                            color="red"
                            leftSection={<IconTrash size={12} />}
                            onClick={() => setWithdrawing(x)}
                            aria-label={t('assignments.extensions.withdrawLabel', { name: x.name })}
                          >
                            {t('assignments.extensions.withdraw')}
                          </Button>
                        </Group>
                      ) : null}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : (
          <Text size="sm" c="dimmed" data-testid="extensions-empty">
            {t('assignments.extensions.none')}
          </Text>
        )}
      </Stack>
      <OnDemandDialog
        opened={opened}
        render={(shown) => (
          <ExtensionDialog
            opened={shown}
            onClose={() => setOpened(false)}
            courseId={courseId}
            assignmentId={assignmentId}
            models={models}
            learners={learners}
          />
        )}
      />
      <OnDemandDialog
        opened={editing !== null}
        render={(shown) =>
          editing ? (
            <ExtensionDialog
              key={editing.id}
              opened={shown}
              onClose={() => setEditing(null)}
              courseId={courseId}
              assignmentId={assignmentId}
              models={models}
              learners={learners}
              editing={editing}
            />
          ) : null
        }
      />
      <ConfirmModal
        opened={withdrawing !== null}
        onClose={() => setWithdrawing(null)}
        onConfirm={() => withdrawing && void onWithdraw(withdrawing.id)}
        title={t('assignments.extensions.withdrawTitle')}
        message={
          withdrawing
            ? t('assignments.extensions.withdrawConfirm', {
                name: withdrawing.name,
                stage: labels.code(MODEL_CODES[withdrawing.stage]),
              })
            : ''
        }
        confirmLabel={t('assignments.extensions.withdraw')}
        loading={withdraw.isPending}
      />
    </Card>
  );
}

import {
  ActionIcon,
  Alert,
  Badge,
  Center,
  Group,
  Loader,
  Modal,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type LearnerRow, UI } from '@pw/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconPencil, IconSearch } from '../../../components/icons';
import { notify } from '../../../lib/notify';
import { useChangeEnroll } from '../api/enroll-change';
import { useLearners } from '../api/learners';
import { RosterSync } from './RosterSync';
import { StudentNumberModal } from './StudentNumberModal';

/**
 * The student management dialog (instructor and assistants): every learner with name, email,
 * student ID, participation (withdraw / re-admit) and assistant status (the instructor only).
 */
export function StudentManagementModal({
  opened,
  onClose,
  courseId,
  canToggleAssistant,
}: {
  opened: boolean;
  onClose: () => void;
  courseId: number;
  canToggleAssistant: boolean;
}) {
  const { t } = useTranslation();
  const isPhone = useMediaQuery(`(max-width: ${UI.narrowBreakpointPx - 1}px)`);
  const learners = useLearners(courseId, opened);
  const change = useChangeEnroll(courseId);
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<LearnerRow | null>(null);

  const toggle = async (row: LearnerRow, body: { is_active?: boolean; is_assistant?: boolean }) => {
    try {
      await change.mutateAsync({ enrollId: row.id, ...body });
    } catch {
      notify('action', { color: 'yellow', message: t('common.wrongRequest') });
    }
  };
  const pendingId = change.isPending ? change.variables?.enrollId : undefined;
  const needle = search.trim().toLowerCase();
  const rows = (learners.data ?? []).filter(
    (r) =>
      needle === '' ||
      r.user.name.toLowerCase().includes(needle) ||
      r.user.email.toLowerCase().includes(needle) ||
      r.code.toLowerCase().includes(needle),
  );
  const activeCount = (learners.data ?? []).filter((r) => r.is_active).length;

  return (
    <>
      <Modal
        opened={opened && editing === null}
        onClose={onClose}
        title={t('students.title')}
        size="xl"
        fullScreen={isPhone}
      >
        <Stack gap="sm">
          <RosterSync courseId={courseId} enabled={opened} />
          {learners.isPending ? (
            <Center py="xl" aria-busy="true">
              <Loader />
            </Center>
          ) : learners.isError ? (
            <Alert color="yellow">{t('common.permissionDenied')}</Alert>
          ) : learners.data.length === 0 ? (
            <Text c="dimmed" ta="center" py="xl" data-testid="students-empty">
              {t('students.empty')}
            </Text>
          ) : (
            <>
              <Group justify="space-between" align="flex-end">
                <TextInput
                  leftSection={<IconSearch size={16} />}
                  placeholder={t('students.search')}
                  aria-label={t('students.search')}
                  value={search}
                  onChange={(e) => setSearch(e.currentTarget.value)}
                  style={{ flex: 1, maxWidth: 320 }}
                />
                <Text size="sm" c="dimmed">
                  {t('students.count', { total: learners.data.length, active: activeCount })}
                </Text>
              </Group>
              {/* The switches come right after the name: on a phone they are on screen without scrolling. */}
              <Table.ScrollContainer minWidth={640}>
                <Table striped highlightOnHover verticalSpacing="xs" data-testid="students-table">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('students.name')}</Table.Th>
                      <Table.Th>{t('students.status')}</Table.Th>
                      <Table.Th>{t('students.assistant')}</Table.Th>
                      <Table.Th>{t('students.studentId')}</Table.Th>
                      <Table.Th>{t('students.email')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {rows.map((row) => (
                      <Table.Tr key={row.id} data-testid={`student-row-${row.user.email}`}>
                        <Table.Td>
                          <Group gap={6} wrap="nowrap">
                            <Text size="sm" fw={600}>
                              {row.user.name}
                            </Text>
                            {row.is_assistant ? (
                              <Badge size="xs" color="violet" variant="light">
                                {t('students.assistantBadge')}
                              </Badge>
                            ) : null}
                          </Group>
                        </Table.Td>
                        <Table.Td>
                          <Switch
                            checked={row.is_active}
                            disabled={pendingId === row.id}
                            color="teal"
                            label={row.is_active ? t('students.active') : t('students.withdrawn')}
                            aria-label={t('students.activeFor', { name: row.user.name })}
                            onChange={(e) => void toggle(row, { is_active: e.currentTarget.checked })}
                          />
                        </Table.Td>
                        <Table.Td>
                          <Switch
                            checked={row.is_assistant}
                            disabled={!canToggleAssistant || !row.is_active || pendingId === row.id}
                            color="violet"
                            aria-label={t('students.assistantFor', { name: row.user.name })}
                            onChange={(e) => void toggle(row, { is_assistant: e.currentTarget.checked })}
                          />
                        </Table.Td>
                        <Table.Td>
                          <Group gap={4} wrap="nowrap">
                            <Text size="sm">{row.code}</Text>
                            <Tooltip label={t('students.editCode')}>
                              <ActionIcon
                                variant="subtle"
                                size="sm"
                                onClick={() => setEditing(row)}
                                aria-label={t('students.editCodeFor', { name: row.user.name })}
                              >
                                <IconPencil size={14} />
                              </ActionIcon>
                            </Tooltip>
                          </Group>
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm">{row.user.email}</Text>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              {rows.length === 0 ? (
                <Text c="dimmed" ta="center" size="sm">
                  {t('students.noMatch')}
                </Text>
              ) : null}
              {!canToggleAssistant ? (
                <Text size="xs" c="dimmed">
                  {t('students.assistantInstructorOnly')}
                </Text>
              ) : null}
            </>
          )}
        </Stack>
      </Modal>
      <StudentNumberModal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        courseId={courseId}
        enrollId={editing?.id}
        learnerName={editing?.user.name}
        current={editing?.code ?? ''}
      />
    </>
  );
}

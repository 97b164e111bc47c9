import '../manager-texts';
import { Table, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/dates';
import { useSupports } from '../api/manager';
import { ListFrame } from '../components/ListFrame';

/** `/manager/supports`: the support inquiries sent to the organisation, newest first. */
export function SupportsListPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const list = useSupports({ page });
  useEffect(() => {
    if (list.isError && page !== 1) setPage(1);
  }, [list.isError, page]);
  return (
    <ListFrame
      title={t('manager.supports.title')}
      testId="manager-supports"
      count={list.data?.count}
      page={page}
      onPage={setPage}
      loading={list.isLoading}
    >
      <Table striped miw={640}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('manager.supports.when')}</Table.Th>
            <Table.Th scope="col">{t('manager.supports.who')}</Table.Th>
            <Table.Th scope="col">{t('manager.courses.name')}</Table.Th>
            <Table.Th scope="col">{t('manager.supports.content')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(list.data?.results ?? []).map((s) => (
            <Table.Tr key={s.id}>
              <Table.Td>{formatDateTime(s.created_at)}</Table.Td>
              <Table.Td>{s.user ? `${s.user.name} (${s.user.email})` : '–'}</Table.Td>
              <Table.Td>{s.course?.name ?? '–'}</Table.Td>
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {s.content}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ListFrame>
  );
}

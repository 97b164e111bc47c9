import '../../../lib/texts/trace-texts';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Radio,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { TRACE_REASON_MAX, TRACE_STATUSES, type TraceComment, type TraceStatus } from '@pw/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TRACE_COLOR, TraceSummary } from '../../../components/RevisionTraceList';
import { ApiError } from '../../../lib/api-error';
import { notify } from '../../../lib/notify';
import { useRevisionTrace, useSaveTrace } from '../api/trace';

type Ids = { courseId: number; assignmentId: number; performanceId: number };

/**
 * Beside the revision editor: every comment the author received (by reviewer label, never a
 * name), each marked used, partly used or not used with a short reason (issue 34, item 4). Used
 * and partly used save at once; "not used" saves with its reason.
 */
export function RevisionTracePanel({ ids }: { ids: Ids }) {
  const { t } = useTranslation();
  const trace = useRevisionTrace(ids.courseId, ids.assignmentId, ids.performanceId);
  if (trace.isPending) return <Loader size="sm" />;
  if (trace.isError)
    return (
      <Alert color="red" data-testid="trace-error">
        {t('trace.loadFailed')}
      </Alert>
    );
  const data = trace.data;
  return (
    <Stack gap="sm" data-testid="trace-panel" component="section" aria-labelledby="trace-title">
      <Title order={3} size="h5" id="trace-title">
        {t('trace.title')}
      </Title>
      {data.comments.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="trace-empty">
          {t('trace.none')}
        </Text>
      ) : (
        <>
          <Text size="sm" c="dimmed">
            {data.editable ? t('trace.intro') : t('trace.readOnly')}
          </Text>
          <TraceSummary trace={data} />
          {data.comments.map((c) => (
            <TraceItem key={`${c.matching}:${c.standard}`} ids={ids} comment={c} editable={data.editable} />
          ))}
        </>
      )}
    </Stack>
  );
}

function TraceItem({ ids, comment: c, editable }: { ids: Ids; comment: TraceComment; editable: boolean }) {
  const { t } = useTranslation();
  const save = useSaveTrace(ids.courseId, ids.assignmentId, ids.performanceId);
  const [choice, setChoice] = useState<TraceStatus | null>(c.status);
  const [reason, setReason] = useState(c.reason);
  const [reasonError, setReasonError] = useState<string | null>(null);
  const name = `trace-${c.matching}-${c.standard}`;

  const send = async (status: TraceStatus, why: string) => {
    try {
      await save.mutateAsync({
        marks: [{ matching: c.matching, standard: c.standard, status, reason: why }],
      });
      notify('save', { color: 'teal', message: t('trace.saved') });
    } catch (error) {
      const message =
        error instanceof ApiError && error.body.detail ? error.body.detail : t('trace.saveFailed');
      notify('save', { color: 'yellow', message });
      setChoice(c.status);
    }
  };
  const choose = (value: string) => {
    const status = value as TraceStatus;
    setChoice(status);
    setReasonError(null);
    if (status !== 'not_used') void send(status, '');
  };
  const saveReason = () => {
    if (reason.trim() === '') {
      setReasonError(t('trace.reasonRequired'));
      return;
    }
    void send('not_used', reason);
  };

  return (
    <Card withBorder padding="sm" data-testid="trace-item">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text size="xs" c="dimmed">
            {t('trace.reviewer', { n: c.reviewer_label })} · {c.question}
          </Text>
          <Badge color={c.status ? TRACE_COLOR[c.status] : 'red'} variant="light" data-testid="trace-status">
            {t(`trace.${c.status ?? 'unmarked'}`)}
          </Badge>
        </Group>
        <Text
          size="sm"
          style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
          data-testid="trace-comment"
        >
          {c.comment}
        </Text>
        {editable ? (
          <>
            <Radio.Group
              name={name}
              label={t('trace.statusLabel')}
              value={choice ?? ''}
              onChange={choose}
              size="sm"
            >
              <Group gap="md" mt={4} wrap="wrap">
                {TRACE_STATUSES.map((s) => (
                  <Radio key={s} value={s} label={t(`trace.${s}`)} disabled={save.isPending} />
                ))}
              </Group>
            </Radio.Group>
            {choice === 'not_used' ? (
              <Group align="flex-end" gap="xs" wrap="nowrap">
                <Textarea
                  style={{ flex: 1 }}
                  label={t('trace.reason')}
                  placeholder={t('trace.reasonPlaceholder')}
                  required
                  autosize
                  minRows={1}
                  maxLength={TRACE_REASON_MAX}
                  value={reason}
                  error={reasonError}
                  onChange={(e) => {
                    setReason(e.currentTarget.value);
                    setReasonError(null);
                  }}
                  data-testid="trace-reason-input"
                />
                <Button size="sm" onClick={saveReason} loading={save.isPending}>
                  {t('trace.saveReason')}
                </Button>
              </Group>
            ) : null}
          </>
        ) : c.status === 'not_used' && c.reason ? (
          <Text size="sm" c="dimmed" data-testid="trace-reason" style={{ overflowWrap: 'anywhere' }}>
            {t('trace.reason')}: {c.reason}
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}

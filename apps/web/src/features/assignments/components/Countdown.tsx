import { Group, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconHourglass } from '../../../components/icons';
import { splitDuration } from '../../../lib/format';

type Props = {
  /** The moment to count down to. */
  target: string;
  kind: 'end' | 'nextStart';
  /** Server time minus browser time, so the count follows the server's clock. */
  skewMs: number;
  /** Called once when the count reaches zero. */
  onElapsed: () => void;
};

/** The countdown of an auto-scheduled assignment (part 2 §4); the page refetches when it ends. */
export function Countdown({ target, kind, skewMs, onElapsed }: Props) {
  const { t } = useTranslation();
  const targetMs = new Date(target).getTime();
  const [now, setNow] = useState(() => Date.now() + skewMs);
  const fired = useRef(false);
  const elapsed = useRef(onElapsed);
  elapsed.current = onElapsed;

  // A new target (after a refetch) counts again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: resets when the target moves
  useEffect(() => {
    fired.current = false;
  }, [targetMs]);
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now() + skewMs), 1000);
    return () => window.clearInterval(id);
  }, [skewMs]);

  const left = targetMs - now;
  useEffect(() => {
    if (left <= 0 && !fired.current) {
      fired.current = true;
      elapsed.current();
    }
  }, [left]);

  const { days, hours, minutes, seconds } = splitDuration(left);
  return (
    <Group gap={6} wrap="nowrap" data-testid="stage-countdown">
      <IconHourglass size={16} aria-hidden />
      <Text size="sm" c="dimmed">
        {kind === 'end' ? t('assignments.manage.countdownEnd') : t('assignments.manage.countdownNext')}
      </Text>
      {/* Even-width digits in the app's font: a monospace font has no Korean, its units became boxes. */}
      <Text size="sm" fw={700} style={{ fontVariantNumeric: 'tabular-nums' }} aria-live="off">
        {left > 0
          ? t('assignments.manage.countdownValue', { d: days, h: hours, m: minutes, s: seconds })
          : t('assignments.manage.countdownUpdating')}
      </Text>
    </Group>
  );
}

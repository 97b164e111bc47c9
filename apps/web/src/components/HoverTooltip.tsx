import { useMergedRef } from '@mantine/hooks';
import {
  cloneElement,
  lazy,
  type MouseEvent,
  type ReactElement,
  type Ref,
  Suspense,
  useRef,
  useState,
} from 'react';
import type { TargetTooltipProps } from './TargetTooltip';

const TargetTooltip = lazy(() => import('./TargetTooltip').then((m) => ({ default: m.TargetTooltip })));

type TriggerProps = {
  ref?: Ref<HTMLElement>;
  onMouseEnter?: (event: MouseEvent<HTMLElement>) => void;
  onMouseLeave?: (event: MouseEvent<HTMLElement>) => void;
};

/**
 * Mantine's Tooltip, shown while the pointer is on the child (Mantine's default), whose code loads
 * the first time someone points at it: a page does not fetch the positioning engine on arrival,
 * and an instance sets nothing up until pointed at (a long table has hundreds). The tooltip is
 * attached to the child from beside it, so the child is never mounted again and keeps its focus.
 */
export function HoverTooltip({
  children,
  ...tooltip
}: Omit<TargetTooltipProps, 'target' | 'opened'> & { children: ReactElement<TriggerProps> }) {
  const target = useRef<HTMLElement>(null);
  const [opened, setOpened] = useState(false);
  const [wanted, setWanted] = useState(false);
  if (opened && !wanted) setWanted(true);
  const { ref, onMouseEnter, onMouseLeave } = children.props;
  const merged = useMergedRef(target, ref);
  return (
    <>
      {cloneElement(children, {
        ref: merged,
        onMouseEnter: (event: MouseEvent<HTMLElement>) => {
          onMouseEnter?.(event);
          setOpened(true);
        },
        onMouseLeave: (event: MouseEvent<HTMLElement>) => {
          onMouseLeave?.(event);
          setOpened(false);
        },
      })}
      {wanted ? (
        <Suspense fallback={null}>
          <TargetTooltip {...tooltip} target={target} opened={opened} />
        </Suspense>
      ) : null}
    </>
  );
}

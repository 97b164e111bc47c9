import { Tooltip } from '@mantine/core';
import { cloneElement, type MouseEvent, type ReactElement, type ReactNode, useState } from 'react';

type TriggerProps = { onMouseEnter?: (event: MouseEvent<HTMLElement>) => void };

/**
 * Mantine's Tooltip for an element that takes no focus (a badge), mounted on the first hover and
 * opened at once: the same tooltip, without a floating-element setup per instance while nobody
 * points at it (a long table has hundreds). The child is mounted again inside the Tooltip, which
 * is why a focusable child (whose focus would be lost) should use Tooltip itself.
 */
export function LazyTooltip({ label, children }: { label: ReactNode; children: ReactElement<TriggerProps> }) {
  const [armed, setArmed] = useState(false);
  if (armed) {
    return (
      <Tooltip label={label} defaultOpened>
        {children}
      </Tooltip>
    );
  }
  const { onMouseEnter } = children.props;
  return cloneElement(children, {
    onMouseEnter: (event: MouseEvent<HTMLElement>) => {
      onMouseEnter?.(event);
      setArmed(true);
    },
  });
}

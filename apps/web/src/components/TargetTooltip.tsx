// Its own module so that Mantine's Tooltip and its positioning engine (floating-ui, ≈15 KB gzip)
// load with the first tooltip a user points at (`HoverTooltip`), not with every page.
import { Tooltip, type TooltipProps } from '@mantine/core';
import type { RefObject } from 'react';

export type TargetTooltipProps = Pick<TooltipProps, 'label' | 'position' | 'multiline' | 'w'> & {
  target: RefObject<HTMLElement | null>;
  opened: boolean;
};

/** Mantine's Tooltip attached to an element rendered elsewhere, opened by its owner. */
export function TargetTooltip(props: TargetTooltipProps) {
  return <Tooltip {...props} />;
}

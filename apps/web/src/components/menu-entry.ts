import type { ReactElement, ReactNode, Ref } from 'react';

/** One entry of an on-demand menu. */
export type MenuEntry = {
  key: string;
  label: string;
  icon?: ReactNode;
  disabled?: boolean;
  onClick: () => void;
};

export type MenuButton = ReactElement<{
  ref?: Ref<HTMLButtonElement>;
  onClick?: () => void;
  'aria-haspopup'?: 'menu';
  'aria-expanded'?: boolean;
}>;

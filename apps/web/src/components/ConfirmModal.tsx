import { lazy } from 'react';
import type { ConfirmProps } from './ConfirmDialog';
import { OnDemandDialog } from './OnDemandDialog';

const ConfirmDialog = lazy(() => import('./ConfirmDialog').then((m) => ({ default: m.ConfirmDialog })));

/**
 * Asks before a destructive action; the safe choice (cancel) has the focus. The dialog's code
 * loads when it is first opened, so a page with a confirmation does not carry it on arrival.
 */
export function ConfirmModal({ opened, ...props }: ConfirmProps) {
  return <OnDemandDialog opened={opened} render={(shown) => <ConfirmDialog opened={shown} {...props} />} />;
}

import { Badge, type BadgeProps } from '@mantine/core';
import type { ManagerUserRow } from '@pw/contract';
import { useTranslation } from 'react-i18next';

/** Active, expired (past its expiry date: cannot sign in) or inactive, as the server says. */
export function UserStateBadge({
  user,
  ...props
}: { user: Pick<ManagerUserRow, 'is_active' | 'is_expired'> } & BadgeProps) {
  const { t } = useTranslation();
  const state = !user.is_active ? 'inactive' : user.is_expired ? 'expired' : 'active';
  const color = { active: 'teal', expired: 'orange', inactive: 'gray' }[state];
  const label = {
    active: t('manager.users.active'),
    expired: t('manager.users.expired'),
    inactive: t('manager.users.inactiveOne'),
  }[state];
  return (
    <Badge color={color} variant="light" data-state={state} {...props}>
      {label}
    </Badge>
  );
}

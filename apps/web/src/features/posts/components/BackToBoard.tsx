import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { notify } from '../../../lib/notify';

/** A post that does not exist (or was deleted): back to the board, saying so. */
export function BackToBoard({ to }: { to: string }) {
  const { t } = useTranslation();
  useEffect(() => {
    notify('action', { color: 'yellow', message: t('posts.notFound') });
  }, [t]);
  return <Navigate replace to={to} />;
}

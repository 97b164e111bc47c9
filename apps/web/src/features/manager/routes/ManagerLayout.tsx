import '../manager-texts';
import '@mantine/core/styles/NavLink.css';
import { Button, Group, NavLink, Paper, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import {
  IconBook,
  IconClipboardList,
  IconHome,
  IconLogout,
  IconMessage,
  IconSchool,
  IconUsers,
} from '../../../components/icons';
import { useAuth } from '../../../lib/session/auth-context';

const SECTIONS = [
  { to: '/manager/users', label: 'manager.menu.users', icon: IconUsers },
  { to: '/manager/courses', label: 'manager.menu.courses', icon: IconBook },
  { to: '/manager/assignments', label: 'manager.menu.assignments', icon: IconClipboardList },
  { to: '/manager/supports', label: 'manager.menu.supports', icon: IconMessage },
  { to: '/manager/lti', label: 'manager.menu.lti', icon: IconSchool },
] as const;

/**
 * The manager area's frame (part 2 §2): the side menu of user, course and task management (and
 * support inquiries), the main page and log out, beside the section's page. On a phone the sections
 * are a compact row of buttons above the page (the main page and log out are in the top bar's menu),
 * so each page starts on the first screen rather than below seven menu lines.
 */
export function ManagerLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { signOut } = useAuth();
  return (
    <Group align="flex-start" gap="lg" wrap="wrap" data-testid="manager-layout">
      <Group
        component="nav"
        aria-label={t('manager.menu.label')}
        hiddenFrom="sm"
        gap={6}
        w="100%"
        data-testid="manager-menu-phone"
      >
        {SECTIONS.map((s) => {
          const here = pathname.startsWith(s.to);
          return (
            <Button
              key={s.to}
              component={Link}
              to={s.to}
              size="compact-sm"
              radius="xl"
              variant={here ? 'filled' : 'default'}
              leftSection={<s.icon size={14} />}
              aria-current={here ? 'page' : undefined}
            >
              {t(s.label)}
            </Button>
          );
        })}
      </Group>
      <Paper
        withBorder
        radius="lg"
        p="xs"
        w={220}
        visibleFrom="sm"
        component="nav"
        aria-label={t('manager.menu.label')}
      >
        <Stack gap={2}>
          {SECTIONS.map((s) => (
            <NavLink
              key={s.to}
              component={Link}
              to={s.to}
              label={t(s.label)}
              leftSection={<s.icon size={16} />}
              active={pathname.startsWith(s.to)}
              aria-current={pathname.startsWith(s.to) ? 'page' : undefined}
            />
          ))}
          <NavLink
            component={Link}
            to="/"
            label={t('manager.menu.home')}
            leftSection={<IconHome size={16} />}
          />
          <NavLink
            component="button"
            label={t('manager.menu.signOut')}
            leftSection={<IconLogout size={16} />}
            onClick={() => void signOut().then(() => navigate('/sign-in'))}
          />
        </Stack>
      </Paper>
      <Stack style={{ flex: 1, minWidth: 0 }} maw={1100} w="100%">
        <Outlet />
      </Stack>
    </Group>
  );
}

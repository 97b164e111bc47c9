import {
  ActionIcon,
  Avatar,
  Box,
  Button,
  Divider,
  Stack,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { UI } from '@pw/contract';
import {
  IconChevronsLeft,
  IconChevronsRight,
  IconHelpCircle,
  IconLayoutDashboard,
  IconLogout,
  IconMessageQuestion,
  IconPlus,
  IconReceipt,
  IconSettings,
  IconUser,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink as RouterNavLink, useNavigate } from 'react-router';
import { FareModal } from '../../components/FareModal';
import { useConfiguration } from '../auth/api/configuration';
import { useAuth } from '../auth/auth-context';
import classes from './Sidebar.module.css';
import { menuColor, useShell } from './shell-context';

function NavItem({ to, icon, label, end }: { to: string; icon: ReactNode; label: string; end?: boolean }) {
  return (
    <RouterNavLink
      to={to}
      end={end}
      className={({ isActive }) => `${classes.link} ${isActive ? classes.active : ''}`}
    >
      <span className={classes.linkIcon}>{icon}</span>
      <span>{label}</span>
    </RouterNavLink>
  );
}

function CourseSection({ title }: { title: string }) {
  const { t } = useTranslation();
  // Course lists arrive with the courses feature; until then the section shows its empty state.
  return (
    <Stack gap={4}>
      <Text size="xs" fw={700} className={classes.sectionTitle}>
        {title}
      </Text>
      <Text size="sm" className={classes.empty}>
        {t('nav.noCourses')}
      </Text>
    </Stack>
  );
}

/** The side navigation of part 1 §2: 280 px wide by default, 57 px narrow. */
export function Sidebar({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const auth = useAuth();
  const { data: config } = useConfiguration();
  const { isWide, setWide, sideRole } = useShell();
  const isInstructor = auth.user?.role === 'I';
  const background = menuColor(sideRole);

  const logOut = async () => {
    await auth.signOut();
    navigate('/sign-in');
  };

  const coming = () => notifications.show({ color: 'gray', message: t('coming.action') });
  const [fareOpened, fare] = useDisclosure(false);

  if (!isWide) {
    return (
      <Box
        component="nav"
        className={classes.root}
        style={{ width: UI.sidebarNarrowPx, background }}
        aria-label={t('nav.menu')}
        data-testid="sidebar"
        data-wide="false"
      >
        <Stack align="center" gap="sm" py="md">
          <Tooltip label={t('nav.expand')} position="right">
            <ActionIcon
              variant="subtle"
              color="white"
              size="lg"
              onClick={() => setWide(true)}
              aria-label={t('nav.expand')}
            >
              <IconChevronsRight size={20} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('nav.myPage')} position="right">
            <ActionIcon
              variant="subtle"
              color="white"
              size="lg"
              onClick={() => navigate('/my-page')}
              aria-label={t('nav.myPage')}
            >
              <IconUser size={20} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('nav.dashboard')} position="right">
            <ActionIcon
              variant="subtle"
              color="white"
              size="lg"
              onClick={() => navigate('/')}
              aria-label={t('nav.dashboard')}
            >
              <IconLayoutDashboard size={20} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('nav.logout')} position="right">
            <ActionIcon
              variant="subtle"
              color="white"
              size="lg"
              onClick={logOut}
              aria-label={t('nav.logout')}
            >
              <IconLogout size={20} />
            </ActionIcon>
          </Tooltip>
        </Stack>
      </Box>
    );
  }

  return (
    <Box
      component="nav"
      className={classes.root}
      style={{ width: UI.sidebarWidePx, background }}
      aria-label={t('nav.menu')}
      data-testid="sidebar"
      data-wide="true"
      onClick={(e) => {
        if ((e.target as HTMLElement).closest('a')) onNavigate?.();
      }}
    >
      <Box className={classes.header}>
        <Text fw={800} size="lg" c="white" truncate>
          {config?.name ?? t('app.name')}
        </Text>
        <Tooltip label={t('nav.collapse')}>
          <ActionIcon
            variant="subtle"
            color="white"
            onClick={() => setWide(false)}
            aria-label={t('nav.collapse')}
            visibleFrom="sm"
          >
            <IconChevronsLeft size={18} />
          </ActionIcon>
        </Tooltip>
      </Box>
      <UnstyledButton
        className={classes.user}
        onClick={() => navigate('/my-page')}
        aria-label={t('nav.myPage')}
      >
        <Avatar color="white" variant="filled" radius="xl" styles={{ placeholder: { color: background } }}>
          {auth.user?.name.slice(0, 1) ?? '?'}
        </Avatar>
        <Box style={{ minWidth: 0 }}>
          <Text c="white" fw={700} size="sm" truncate data-testid="sidebar-user-name">
            {auth.user?.name ?? ''}
          </Text>
          <Text c="white" size="xs" opacity={0.8} truncate>
            {auth.user?.email ?? ''}
          </Text>
          <Text c="white" size="xs" opacity={0.8}>
            {auth.user?.is_staff ? t('nav.staff') : isInstructor ? t('nav.instructor') : t('nav.learner')}
          </Text>
        </Box>
      </UnstyledButton>
      <Stack gap={2} px="xs" className={classes.scroll}>
        <NavItem to="/" end icon={<IconLayoutDashboard size={18} />} label={t('nav.dashboard')} />
        <Divider my="xs" color="rgba(255,255,255,0.25)" />
        {isInstructor ? <CourseSection title={t('nav.openedCourses')} /> : null}
        <CourseSection title={t('nav.enrolledCourses')} />
        <Button
          variant="white"
          color="dark"
          size="xs"
          mt="xs"
          leftSection={<IconPlus size={14} />}
          onClick={coming}
          style={{ color: background }}
        >
          {isInstructor ? t('nav.openCourse') : t('nav.enrol')}
        </Button>
        <Divider my="xs" color="rgba(255,255,255,0.25)" />
        <NavItem to="/helps" icon={<IconHelpCircle size={18} />} label={t('nav.helps')} />
        <NavItem to="/supports" icon={<IconMessageQuestion size={18} />} label={t('nav.supports')} />
        <UnstyledButton className={classes.link} onClick={fare.open}>
          <span className={classes.linkIcon}>
            <IconReceipt size={18} />
          </span>
          <span>{t('nav.fare')}</span>
        </UnstyledButton>
        {auth.isStaff ? (
          <NavItem to="/manager" icon={<IconSettings size={18} />} label={t('nav.manager')} />
        ) : null}
      </Stack>
      <Box p="xs" mt="auto">
        <UnstyledButton className={classes.link} onClick={logOut} w="100%" data-testid="logout">
          <span className={classes.linkIcon}>
            <IconLogout size={18} />
          </span>
          <span>{t('nav.logout')}</span>
        </UnstyledButton>
      </Box>
      <FareModal opened={fareOpened} onClose={fare.close} />
    </Box>
  );
}

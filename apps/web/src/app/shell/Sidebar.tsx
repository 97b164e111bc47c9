import {
  ActionIcon,
  Avatar,
  Badge,
  Box,
  Button,
  Divider,
  Indicator,
  Loader,
  Stack,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { UI } from '@pw/contract';
import { lazy, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink as RouterNavLink, useLocation, useNavigate } from 'react-router';
import { HoverTooltip } from '../../components/HoverTooltip';
import {
  IconBell,
  IconBook2,
  IconChevronDown,
  IconChevronsLeft,
  IconChevronsRight,
  IconChevronUp,
  IconHelpCircle,
  IconLayoutDashboard,
  IconLogout,
  IconMessageQuestion,
  IconPlus,
  IconReceipt,
  IconSettings,
  IconUser,
} from '../../components/icons';
import { OnDemandDialog } from '../../components/OnDemandDialog';
import { useUserCourses } from '../../features/courses/api/user-courses';
import { useUnreadNotifications } from '../../features/notifications/api/notifications';
import { coursePath, enrolledRole } from '../../lib/course-mode';
import { useAuth } from '../../lib/session/auth-context';
import { useConfiguration } from '../../lib/session/configuration';
import classes from './Sidebar.module.css';
import { menuColor, useShell } from './shell-context';

function NavItem({
  to,
  icon,
  label,
  end,
  badge,
  ariaLabel,
}: {
  to: string;
  icon: ReactNode;
  label: string;
  end?: boolean;
  badge?: ReactNode;
  ariaLabel?: string;
}) {
  return (
    <RouterNavLink
      to={to}
      end={end}
      aria-label={ariaLabel}
      className={({ isActive }) => `${classes.link} ${isActive ? classes.active : ''}`}
    >
      <span className={classes.linkIcon}>{icon}</span>
      <span>{label}</span>
      {badge}
    </RouterNavLink>
  );
}

/** The bell's unread count as a small badge (nothing when all is read). */
function UnreadBadge({ n }: { n: number }) {
  if (n <= 0) return null;
  return (
    <Badge size="sm" color="red" variant="filled" ml="auto" aria-hidden data-testid="unread-badge">
      {n > 99 ? '99+' : n}
    </Badge>
  );
}

// The side menu's dialogs (and their forms and rules) load when first opened, not with every page.
const dialogs = () => import('./dialogs');
const FareModal = lazy(() => dialogs().then((m) => ({ default: m.FareModal })));
const CourseCreateModal = lazy(() => dialogs().then((m) => ({ default: m.CourseCreateModal })));
const EnrollModal = lazy(() => dialogs().then((m) => ({ default: m.EnrollModal })));

type CourseLink = { id: number; name: string; instructor: string; to: string };

/** One course list of the side navigation: three entries, then a show-more toggle (part 1 §2, §9). */
function CourseSection({
  title,
  courses,
  status,
  testId,
  pathname,
}: {
  title: string;
  courses: CourseLink[];
  status: 'pending' | 'error' | 'success';
  testId: string;
  pathname: string;
}) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(false);
  const shown = expanded ? courses : courses.slice(0, UI.sidebarCourseCount);
  const hidden = courses.length - UI.sidebarCourseCount;
  return (
    <Stack gap={2} data-testid={testId}>
      <Text size="xs" fw={700} className={classes.sectionTitle}>
        {title}
      </Text>
      {status === 'pending' ? (
        <Loader size="xs" color="white" ml={10} my={4} aria-label={t('app.loading')} />
      ) : status === 'error' ? (
        <Text size="sm" className={classes.empty}>
          {t('common.permissionDenied')}
        </Text>
      ) : courses.length === 0 ? (
        <Text size="sm" className={classes.empty}>
          {t('nav.noCourses')}
        </Text>
      ) : (
        <>
          {shown.map((c) => (
            <Link
              key={c.id}
              to={c.to}
              title={`${c.name} · ${c.instructor}`}
              className={`${classes.link} ${classes.course} ${
                pathname.startsWith(`/courses/${c.id}/`) ? classes.active : ''
              }`}
              aria-current={pathname.startsWith(`/courses/${c.id}/`) ? 'page' : undefined}
            >
              <span className={classes.linkIcon}>
                <IconBook2 size={16} />
              </span>
              <span className={classes.courseName}>{c.name}</span>
            </Link>
          ))}
          {hidden > 0 ? (
            <UnstyledButton
              className={`${classes.link} ${classes.more}`}
              onClick={() => setExpanded((v) => !v)}
              aria-expanded={expanded}
            >
              <span className={classes.linkIcon}>
                {expanded ? <IconChevronUp size={16} /> : <IconChevronDown size={16} />}
              </span>
              <span>{expanded ? t('nav.showLess') : t('nav.showMoreN', { n: hidden })}</span>
            </UnstyledButton>
          ) : null}
        </>
      )}
    </Stack>
  );
}

/** One icon of the narrow side navigation, with its name as tooltip and accessible label. */
function NarrowIcon({ label, onClick, icon }: { label: string; onClick: () => void; icon: ReactNode }) {
  return (
    <HoverTooltip label={label} position="right">
      <ActionIcon variant="subtle" color="white" size="lg" onClick={onClick} aria-label={label}>
        {icon}
      </ActionIcon>
    </HoverTooltip>
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

  const [fareOpened, fare] = useDisclosure(false);
  const [enrollOpened, enrolling] = useDisclosure(false);
  const [createOpened, creating] = useDisclosure(false);
  // The links are re-read on every page change (assistant mode lives in session storage).
  const { pathname } = useLocation();
  const lists = useUserCourses();
  const unread = useUnreadNotifications().data ?? 0;
  const bellLabel = unread > 0 ? t('notifications.bellUnread', { n: unread }) : t('notifications.bell');
  const listStatus = lists.isPending ? 'pending' : lists.isError ? 'error' : 'success';
  const opened: CourseLink[] = (lists.data?.opened ?? []).map((c) => ({
    id: c.id,
    name: c.name,
    instructor: c.instructor_name,
    to: coursePath(c.id, 'instructor'),
  }));
  const enrolled: CourseLink[] = (lists.data?.enrolled ?? []).map((c) => ({
    id: c.id,
    name: c.name,
    instructor: c.instructor_name,
    to: coursePath(c.id, enrolledRole(c.id, c.is_assistant)),
  }));

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
        <Stack align="center" gap="sm" py="md" className={classes.column}>
          <NarrowIcon
            label={t('nav.expand')}
            onClick={() => setWide(true)}
            icon={<IconChevronsRight size={20} />}
          />
          <NarrowIcon
            label={t('nav.myPage')}
            onClick={() => navigate('/my-page')}
            icon={<IconUser size={20} />}
          />
          <NarrowIcon
            label={t('nav.dashboard')}
            onClick={() => navigate('/')}
            icon={<IconLayoutDashboard size={20} />}
          />
          <NarrowIcon
            label={bellLabel}
            onClick={() => navigate('/notifications')}
            icon={
              <Indicator disabled={unread === 0} color="red" size={8} offset={2}>
                <IconBell size={20} />
              </Indicator>
            }
          />
          <NarrowIcon label={t('nav.logout')} onClick={logOut} icon={<IconLogout size={20} />} />
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
      <Box className={classes.column}>
        <Box className={classes.header}>
          <Text fw={800} size="lg" c="white" truncate>
            {config?.name ?? t('app.name')}
          </Text>
          <HoverTooltip label={t('nav.collapse')}>
            <ActionIcon
              variant="subtle"
              color="white"
              onClick={() => setWide(false)}
              aria-label={t('nav.collapse')}
              visibleFrom="sm"
            >
              <IconChevronsLeft size={18} />
            </ActionIcon>
          </HoverTooltip>
        </Box>
        <UnstyledButton className={classes.user} onClick={() => navigate('/my-page')}>
          {/* Named by what it shows, then where it goes (a voice command saying the visible name finds it). */}
          <VisuallyHidden>{t('nav.myPage')}</VisuallyHidden>
          <Avatar color="white" variant="filled" radius="xl" styles={{ placeholder: { color: background } }}>
            {auth.user?.name.slice(0, 1) ?? '?'}
          </Avatar>
          <Box style={{ minWidth: 0 }}>
            <Text c="white" fw={700} size="sm" truncate data-testid="sidebar-user-name">
              {auth.user?.name ?? ''}
            </Text>
            <Text c="white" size="xs" truncate>
              {auth.user?.email ?? ''}
            </Text>
            <Text c="white" size="xs">
              {auth.user?.is_staff ? t('nav.staff') : isInstructor ? t('nav.instructor') : t('nav.learner')}
            </Text>
          </Box>
        </UnstyledButton>
        <Stack gap={2} px="xs" className={classes.scroll}>
          <NavItem to="/" end icon={<IconLayoutDashboard size={18} />} label={t('nav.dashboard')} />
          <NavItem
            to="/notifications"
            icon={<IconBell size={18} />}
            label={t('nav.notifications')}
            ariaLabel={bellLabel}
            badge={<UnreadBadge n={unread} />}
          />
          <Divider my="xs" color="rgba(255,255,255,0.25)" />
          {isInstructor ? (
            <CourseSection
              title={t('nav.openedCourses')}
              courses={opened}
              status={listStatus}
              testId="nav-opened-courses"
              pathname={pathname}
            />
          ) : null}
          <CourseSection
            title={t('nav.enrolledCourses')}
            courses={enrolled}
            status={listStatus}
            testId="nav-enrolled-courses"
            pathname={pathname}
          />
          <Button
            variant="white"
            color="dark"
            size="xs"
            mt="xs"
            leftSection={<IconPlus size={14} />}
            onClick={isInstructor ? creating.open : enrolling.open}
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
        <Stack p="xs" gap="xs" mt="auto">
          <UnstyledButton className={classes.link} onClick={logOut} w="100%" data-testid="logout">
            <span className={classes.linkIcon}>
              <IconLogout size={18} />
            </span>
            <span>{t('nav.logout')}</span>
          </UnstyledButton>
        </Stack>
      </Box>
      <OnDemandDialog
        opened={fareOpened}
        render={(opened) => <FareModal opened={opened} onClose={fare.close} />}
      />
      {isInstructor ? (
        <OnDemandDialog
          key="create"
          opened={createOpened}
          render={(opened) => (
            <CourseCreateModal opened={opened} onClose={creating.close} onCreated={onNavigate} />
          )}
        />
      ) : (
        <OnDemandDialog
          key="enroll"
          opened={enrollOpened}
          render={(opened) => (
            <EnrollModal opened={opened} onClose={enrolling.close} onEnrolled={onNavigate} />
          )}
        />
      )}
    </Box>
  );
}

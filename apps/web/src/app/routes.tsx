import { COURSE_ROLES } from '@pw/contract';
import type { ReactNode } from 'react';
import { Navigate, Outlet, Route, Routes, useLocation, useParams } from 'react-router';
import { ComingSoon } from '../components/ComingSoon';
import { AssignmentEditPage } from '../features/assignments/routes/AssignmentEditPage';
import { AssignmentManagementPage } from '../features/assignments/routes/AssignmentManagementPage';
import { AssignmentNewPage } from '../features/assignments/routes/AssignmentNewPage';
import { PerformancesLayout } from '../features/assignments/routes/PerformancesLayout';
import { StagePlaceholder } from '../features/assignments/routes/StagePlaceholder';
import { TaskInfoPage } from '../features/assignments/routes/TaskInfoPage';
import { useConfiguration } from '../features/auth/api/configuration';
import { useAuth } from '../features/auth/auth-context';
import { SignInPage } from '../features/auth/routes/SignInPage';
import { SignUpPage } from '../features/auth/routes/SignUpPage';
import { CourseEditPage } from '../features/courses/routes/CourseEditPage';
import { CourseGate } from '../features/courses/routes/CourseGate';
import { CoursePage } from '../features/courses/routes/CoursePage';
import { DashboardPage } from '../features/dashboard/DashboardPage';
import { HelpPage } from '../features/help/HelpPage';
import { PostEditPage } from '../features/posts/routes/PostEditPage';
import { PostNewPage } from '../features/posts/routes/PostNewPage';
import { PostPage } from '../features/posts/routes/PostPage';
import { MyPage } from '../features/profile/routes/MyPage';
import { ProfileEditPage } from '../features/profile/routes/ProfileEditPage';
import { SupportsPage } from '../features/supports/routes/SupportsPage';
import { AppLayout } from './AppLayout';
import { FullPageLoader, NotFoundPage, PasswordRedirect, TrailingSlashRedirect } from './pages';

/** A course route with a role that is not instructor, learner or assistant goes home. */
function CourseRoleGuard() {
  const { role } = useParams();
  if (!(COURSE_ROLES as readonly string[]).includes(role ?? '')) return <Navigate replace to="/" />;
  return <Outlet />;
}

/** Staff only (part 2 §2): others go home. */
function StaffGuard({ children }: { children: ReactNode }) {
  const { user, isStaff } = useAuth();
  if (!user) return <FullPageLoader />;
  if (!isStaff) return <Navigate replace to="/" />;
  return children;
}

const coming = (pageKey: string) => <ComingSoon pageKey={pageKey} />;

/** Course routes of part 1 §2 and part 2 §2, relative to /courses/:courseId/:role. */
function courseRoutes() {
  return (
    <Route path="courses/:courseId/:role" element={<CourseRoleGuard />}>
      <Route element={<CourseGate />}>
        <Route index element={<CoursePage />} />
        <Route path="edit" element={<CourseEditPage />} />
        <Route path="posts/new" element={<PostNewPage />} />
        <Route path="posts/:postId" element={<PostPage />} />
        <Route path="posts/:postId/edit" element={<PostEditPage />} />
        <Route path="assignments/new" element={<AssignmentNewPage />} />
        <Route path="assignments/:assignmentId" element={<AssignmentManagementPage />} />
        <Route path="assignments/:assignmentId/edit" element={<AssignmentEditPage />} />
        <Route path="assignments/:assignmentId/matchings" element={coming('matchings')} />
        <Route path="assignments/:assignmentId/score" element={coming('score')} />
        <Route path="assignments/:assignmentId/reports/:reportId" element={coming('report')} />
        <Route path="assignments/:assignmentId/performances" element={<PerformancesLayout />}>
          <Route index element={<Navigate replace to="info" />} />
          <Route path="info" element={<TaskInfoPage />} />
          <Route path=":stageKey" element={<StagePlaceholder />} />
          <Route path="*" element={coming('performance')} />
        </Route>
      </Route>
      <Route path="results" element={coming('courseResults')} />
      <Route path="results/enrolls/:enrollId/personal-score" element={coming('personalScore')} />
      <Route path="my-score" element={coming('myScore')} />
    </Route>
  );
}

/** Every route of the app; which tree applies depends on the login state (part 1 §4). */
export function AppRoutes() {
  const location = useLocation();
  const { isLoggedIn, user } = useAuth();
  const { data: config } = useConfiguration();

  if (location.pathname.length > 1 && location.pathname.endsWith('/')) return <TrailingSlashRedirect />;

  if (!isLoggedIn) {
    return (
      <Routes>
        <Route path="/sign-in" element={<SignInPage />} />
        {config?.is_sign_up_available ? <Route path="/sign-up" element={<SignUpPage />} /> : null}
        <Route path="/password" element={<PasswordRedirect />} />
        <Route path="*" element={<Navigate replace to="/sign-in" />} />
      </Routes>
    );
  }
  if (!user) return <FullPageLoader />;
  return (
    <Routes>
      <Route element={<AppLayout />}>
        <Route index element={<DashboardPage />} />
        <Route path="helps" element={<HelpPage />} />
        <Route path="supports" element={<SupportsPage />} />
        <Route path="my-page" element={<MyPage />} />
        <Route path="users/edit" element={<ProfileEditPage />} />
        <Route
          path="manager/*"
          element={
            <StaffGuard>
              <ComingSoon pageKey="manager" />
            </StaffGuard>
          }
        />
        {courseRoutes()}
        <Route path="404" element={<NotFoundPage />} />
      </Route>
      <Route path="sign-in" element={<Navigate replace to="/" />} />
      <Route path="*" element={<Navigate replace to="/" />} />
    </Routes>
  );
}

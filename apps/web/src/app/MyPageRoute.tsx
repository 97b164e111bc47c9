import { MailSettingsCard } from '../features/notifications/components/MailSettingsCard';
import { MyPage } from '../features/profile/routes/MyPage';

/** `/my-page`: the profile page with the notification mail settings below it. */
export function MyPageRoute() {
  return (
    <MyPage>
      <MailSettingsCard />
    </MyPage>
  );
}

import { Notification } from 'react-admin';

/** SPEC §9: notifications at the top right. */
export function AppNotification() {
  return <Notification anchorOrigin={{ vertical: 'top', horizontal: 'right' }} />;
}

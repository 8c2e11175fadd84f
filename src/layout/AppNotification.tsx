import { Notification } from 'react-admin';

/** SPEC §9: notifications at the top right, below the header so they never hide logout. */
export function AppNotification() {
  return <Notification anchorOrigin={{ vertical: 'top', horizontal: 'right' }} sx={{ mt: { xs: 6, sm: 4 } }} />;
}

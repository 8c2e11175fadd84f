import LogoutIcon from '@mui/icons-material/Logout';
import { Button } from '@mui/material';
import { useLogout, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';

/** SPEC §4: logout always ends at the root, replacing history (the root then asks to sign in). */
export function LogoutButton() {
  const translate = useTranslate();
  const logout = useLogout();
  const navigate = useNavigate();
  return (
    <Button
      color="inherit"
      startIcon={<LogoutIcon />}
      onClick={async () => {
        await logout({}, false);
        navigate('/', { replace: true });
      }}
    >
      {translate('layout.logout')}
    </Button>
  );
}

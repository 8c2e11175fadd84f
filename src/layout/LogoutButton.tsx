import LogoutIcon from '@mui/icons-material/Logout';
import { Button, IconButton, useMediaQuery, type Theme } from '@mui/material';
import { useLogout, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';

/**
 * SPEC §4: logout always ends at the root, replacing history (the root then asks to sign in).
 * On phones an icon button named "Log out", wider a text button.
 */
export function LogoutButton() {
  const translate = useTranslate();
  const logout = useLogout();
  const navigate = useNavigate();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const label = translate('layout.logout');
  const onClick = async () => {
    await logout({}, false);
    navigate('/', { replace: true });
  };
  return phone ? (
    <IconButton color="inherit" aria-label={label} onClick={onClick}>
      <LogoutIcon />
    </IconButton>
  ) : (
    <Button color="inherit" startIcon={<LogoutIcon />} onClick={onClick} sx={{ flexShrink: 0 }}>
      {label}
    </Button>
  );
}

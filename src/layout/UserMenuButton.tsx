import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import KeyIcon from '@mui/icons-material/Key';
import PersonIcon from '@mui/icons-material/Person';
import { Button, IconButton, ListItemIcon, Menu, MenuItem, useMediaQuery, type Theme } from '@mui/material';
import { useId, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { useIdentityAtOnce } from '../authProvider/useIdentityAtOnce';

/**
 * The signed-in user's name, opening profile and password. On phones an icon button (named
 * "User menu"); wider, the name itself is the button's text and accessible name.
 */
export function UserMenuButton() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { identity } = useIdentityAtOnce();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const go = (path: string) => {
    setAnchor(null);
    navigate(path);
  };
  const popup = {
    'aria-haspopup': 'menu' as const,
    'aria-expanded': anchor !== null,
    'aria-controls': anchor ? menuId : undefined,
    onClick: (event: React.MouseEvent<HTMLElement>) => setAnchor(event.currentTarget),
  };
  const fullName = identity?.fullName ? String(identity.fullName) : '';
  return (
    <>
      {phone || !fullName ? (
        <IconButton color="inherit" aria-label={translate('layout.userMenu')} {...popup}>
          <AccountCircleIcon />
        </IconButton>
      ) : (
        <Button color="inherit" startIcon={<AccountCircleIcon />} {...popup} sx={{ textTransform: 'none', flexShrink: 0 }}>
          {fullName}
        </Button>
      )}
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => go('/profile')}>
          <ListItemIcon>
            <PersonIcon fontSize="small" />
          </ListItemIcon>
          {translate('layout.profile')}
        </MenuItem>
        <MenuItem onClick={() => go('/password')}>
          <ListItemIcon>
            <KeyIcon fontSize="small" />
          </ListItemIcon>
          {translate('layout.password')}
        </MenuItem>
      </Menu>
    </>
  );
}

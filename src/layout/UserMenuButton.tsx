import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import KeyIcon from '@mui/icons-material/Key';
import PersonIcon from '@mui/icons-material/Person';
import { Button, ListItemIcon, Menu, MenuItem } from '@mui/material';
import { useState } from 'react';
import { useGetIdentity, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';

/** The signed-in user's name, opening profile and password. */
export function UserMenuButton() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { identity } = useGetIdentity();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const go = (path: string) => {
    setAnchor(null);
    navigate(path);
  };
  return (
    <>
      <Button
        color="inherit"
        startIcon={<AccountCircleIcon />}
        aria-label={translate('layout.userMenu')}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ textTransform: 'none', display: { xs: 'none', sm: 'inline-flex' } }}
      >
        {identity?.fullName ?? ''}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
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

import TranslateIcon from '@mui/icons-material/Translate';
import { Button, IconButton, Menu, MenuItem, useMediaQuery, type Theme } from '@mui/material';
import { useId, useState } from 'react';
import { useLocaleState, useLocales, useTranslate } from 'react-admin';
import type { Language } from '../../domain/constants';
import { useTesseraAuthProvider } from '../authProvider/useTesseraAuthProvider';
import { useNotifyError } from '../components/useNotifyError';

/**
 * Header language switch; the choice is persisted by i18next under i18nextLng, and kept on the
 * server for a signed-in user, as the profile's language tab does, so their e-mails follow it.
 */
export function LanguageMenu() {
  const translate = useTranslate();
  const authProvider = useTesseraAuthProvider();
  const notifyError = useNotifyError();
  const locales = useLocales();
  const [locale, setLocale] = useLocaleState();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const current = locales.find((candidate) => locale.startsWith(candidate.locale));
  const code = (current?.locale ?? locale).toUpperCase();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const popup = {
    'aria-label': translate('layout.languageCurrent', { language: code }),
    'aria-haspopup': 'menu' as const,
    'aria-expanded': anchor !== null,
    'aria-controls': anchor ? menuId : undefined,
    onClick: (event: React.MouseEvent<HTMLElement>) => setAnchor(event.currentTarget),
  };

  return (
    <>
      {/* the name holds the visible code ("Lingua: IT"), so voice control users can say what they see */}
      {phone ? (
        <IconButton color="inherit" {...popup}>
          <TranslateIcon />
        </IconButton>
      ) : (
        <Button color="inherit" startIcon={<TranslateIcon />} {...popup} sx={{ minWidth: 0, flexShrink: 0 }}>
          {code}
        </Button>
      )}
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {locales.map(({ locale: value, name }) => (
          <MenuItem
            key={value}
            lang={value}
            selected={value === current?.locale}
            onClick={() => {
              if (authProvider.hasSession()) authProvider.setLanguage(value as Language).catch(notifyError);
              setLocale(value);
              setAnchor(null);
            }}
          >
            {name}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

import TranslateIcon from '@mui/icons-material/Translate';
import { Button, Menu, MenuItem } from '@mui/material';
import { useState } from 'react';
import { useLocaleState, useLocales, useTranslate } from 'react-admin';

/** Header language switch; the choice is persisted by i18next under i18nextLng. */
export function LanguageMenu() {
  const translate = useTranslate();
  const locales = useLocales();
  const [locale, setLocale] = useLocaleState();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const current = locales.find((candidate) => locale.startsWith(candidate.locale));

  return (
    <>
      <Button color="inherit" startIcon={<TranslateIcon />} aria-label={translate('layout.language')} onClick={(event) => setAnchor(event.currentTarget)}>
        {(current?.locale ?? locale).toUpperCase()}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {locales.map(({ locale: code, name }) => (
          <MenuItem
            key={code}
            selected={code === current?.locale}
            onClick={() => {
              setLocale(code);
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

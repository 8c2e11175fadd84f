import { FormControl, FormControlLabel, FormLabel, Radio, RadioGroup } from '@mui/material';
import { useEffect } from 'react';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import { LANGUAGES, type Language } from '../../../domain/constants';
import { AVAILABLE_LOCALES } from '../../i18n/i18nProvider';
import { useTesseraAuthProvider } from '../../authProvider/useTesseraAuthProvider';
import { useNotifyError } from '../../components/useNotifyError';

/**
 * A language change re-mounts everything below react-admin's i18n context (the notification area
 * too, losing what it shows): the notice is given by the tab as it mounts again, in the new language.
 */
let noticePending = false;

/**
 * The language choice (SPEC §1): it, en, es, fr, de, each named in itself (whoever cannot read
 * the current language still finds their own). i18next persists it under i18nextLng for the
 * texts; the server keeps it too, so the user's e-mails and CSV files go out in it.
 */
export function LanguageTab() {
  const translate = useTranslate();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const authProvider = useTesseraAuthProvider();
  const [locale, setLocale] = useLocaleState();
  const current = LANGUAGES.find((language) => locale.startsWith(language)) ?? 'it';

  // on the mount after the change (before it, the old notification area would take the notice and go)
  useEffect(() => {
    if (!noticePending) return;
    noticePending = false;
    notify('success.languageUpdated', { type: 'success' });
  }, [notify]);

  const choose = async (language: Language) => {
    try {
      // the server first: the notice below is then true for the e-mails too
      await authProvider.setLanguage(language);
      noticePending = true;
      setLocale(language);
    } catch (error) {
      notifyError(error);
    }
  };

  return (
    <FormControl>
      <FormLabel id="language-choice">{translate('profile.languageDescription')}</FormLabel>
      <RadioGroup aria-labelledby="language-choice" value={current} onChange={(event) => void choose(event.target.value as Language)}>
        {AVAILABLE_LOCALES.map(({ locale, name }) => (
          <FormControlLabel key={locale} value={locale} control={<Radio />} label={name} lang={locale} />
        ))}
      </RadioGroup>
    </FormControl>
  );
}

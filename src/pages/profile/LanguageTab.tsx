import { FormControl, FormControlLabel, FormLabel, Radio, RadioGroup, Typography } from '@mui/material';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import { LANGUAGES, LANGUAGES_WITH_TEXTS, type Language } from '../../../domain/constants';

/**
 * The language choice (SPEC §1): it, en, es, fr, de. i18next persists it under i18nextLng;
 * es, fr and de have no texts yet and show Italian.
 */
export function LanguageTab() {
  const translate = useTranslate();
  const notify = useNotify();
  const [locale, setLocale] = useLocaleState();
  const current = LANGUAGES.find((language) => locale.startsWith(language)) ?? 'it';

  return (
    <FormControl>
      <FormLabel id="language-choice">{translate('profile.languageDescription')}</FormLabel>
      <RadioGroup
        aria-labelledby="language-choice"
        value={current}
        onChange={(event) => {
          setLocale(event.target.value as Language);
          notify('success.languageUpdated', { type: 'success' });
        }}
      >
        {LANGUAGES.map((language) => (
          <FormControlLabel key={language} value={language} control={<Radio />} label={translate(`profile.languages.${language}`)} />
        ))}
      </RadioGroup>
      {!(LANGUAGES_WITH_TEXTS as readonly string[]).includes(current) && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {translate('profile.languageFallbackNote')}
        </Typography>
      )}
    </FormControl>
  );
}

import { Button, Card, CardActions, CardContent, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { Typology } from '../../../../domain/giftcards';
import { useFormatCents } from '../../../components/MoneyField';
import { formatDate } from '../../../i18n/dates';

/** How long a typology's cards last, in words. */
export function useExpirationText() {
  const translate = useTranslate();
  return (typology: Pick<Typology, 'expirationType' | 'expirationMonths' | 'expirationDate'>) =>
    typology.expirationType === 'FIXED_DATE'
      ? translate('orderWizard.catalog.expiresOn', { date: typology.expirationDate ? formatDate(typology.expirationDate) : '—' })
      : translate(`orderWizard.catalog.${typology.expirationType}`, { smart_count: typology.expirationMonths ?? 0 });
}

/** A product of the catalog: name, SKU, face value (or "variable value"), validity, and the way to customize it. */
export function TypologyCard({ typology, to, state }: { typology: Typology; to: string; state?: unknown }) {
  const translate = useTranslate();
  const format = useFormatCents();
  const expiration = useExpirationText();
  const headingId = `typology-${typology.id}`;
  return (
    <Card variant="outlined" component="article" aria-labelledby={headingId} sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <CardContent sx={{ flexGrow: 1 }}>
        <Typography variant="subtitle1" component="h3" id={headingId} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {typology.name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {translate('orderWizard.catalog.sku', { sku: typology.sku })}
        </Typography>
        <Typography variant="h6" component="p" sx={{ mt: 1 }}>
          {typology.variableValue || typology.valueCents === null ? translate('orderWizard.catalog.variableValue') : format(typology.valueCents)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {expiration(typology)}
        </Typography>
      </CardContent>
      <CardActions>
        <Button component={Link} to={to} state={state} variant="contained" aria-label={translate('orderWizard.catalog.chooseNamed', { name: typology.name })}>
          {translate('orderWizard.catalog.choose')}
        </Button>
      </CardActions>
    </Card>
  );
}

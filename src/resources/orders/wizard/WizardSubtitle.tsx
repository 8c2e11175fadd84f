import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { shippingTypeKey, type ShippingType } from '../../../../domain/orders';

/** What the order is: its type and, once known, the company receiving the cards and the draft's number. */
export function WizardSubtitle({ type, company, number }: { type: ShippingType; company?: string | null; number?: string }) {
  const translate = useTranslate();
  const parts = [number, translate(shippingTypeKey(type)), company ? translate('orderWizard.forCompany', { name: company }) : null].filter(Boolean);
  return (
    <Typography color="text.secondary" sx={{ mt: -1, mb: 2, overflowWrap: 'anywhere' }} data-testid="wizard-subtitle">
      {parts.join(' · ')}
    </Typography>
  );
}

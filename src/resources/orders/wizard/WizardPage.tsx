import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { shippingTypeKey, type ShippingType } from '../../../../domain/orders';
import { BackLink } from '../../../components/schema';
import { PageHeading } from '../../../components/PageHeading';
import { WizardStepper, type WizardStep } from './WizardStepper';

/** What the order is (the draft, or what the pass chose so far): its type and, once known, the company receiving the cards and the draft's number. */
export interface WizardOrder {
  shippingType: ShippingType;
  companyName?: string | null;
  number?: string;
}

/** One screen of the wizard: a way back, its title (h1, header and browser tab), what the order is, the stepper, the step. */
export function WizardPage({
  title,
  step,
  links,
  back,
  children,
  about,
  linkState,
}: {
  title: string;
  step: WizardStep;
  links?: Partial<Record<WizardStep, string>>;
  back: { to: string; label: string };
  about?: WizardOrder;
  children: ReactNode;
  /** history state the way back and the step links carry (the wizard's pass before the draft exists) */
  linkState?: unknown;
}) {
  const translate = useTranslate();
  const parts = about ? [about.number, translate(shippingTypeKey(about.shippingType)), about.companyName ? translate('orderWizard.forCompany', { name: about.companyName }) : null] : [];
  return (
    <Box sx={{ maxWidth: 1100, minWidth: 0 }}>
      <BackLink to={back.to} label={back.label} state={linkState} />
      <PageHeading title={title} />
      {about && (
        <Typography color="text.secondary" sx={{ mt: -1, mb: 2, overflowWrap: 'anywhere' }} data-testid="wizard-subtitle">
          {parts.filter(Boolean).join(' · ')}
        </Typography>
      )}
      <WizardStepper active={step} links={links} linkState={linkState} />
      {children}
    </Box>
  );
}

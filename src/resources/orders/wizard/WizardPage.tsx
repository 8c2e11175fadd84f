import { Box } from '@mui/material';
import type { ReactNode } from 'react';
import { BackLink } from '../../../components/schema';
import { PageHeading } from '../../../components/PageHeading';
import { WizardStepper, type WizardStep } from './WizardStepper';

/** One screen of the wizard: a way back, its title (h1, header and browser tab), the stepper, the step. */
export function WizardPage({
  title,
  step,
  links,
  back,
  children,
  subtitle,
  linkState,
}: {
  title: string;
  step: WizardStep;
  links?: Partial<Record<WizardStep, string>>;
  back: { to: string; label: string };
  subtitle?: ReactNode;
  children: ReactNode;
  /** history state the way back and the step links carry (the wizard's pass before the draft exists) */
  linkState?: unknown;
}) {
  return (
    <Box sx={{ maxWidth: 1100, minWidth: 0 }}>
      <BackLink to={back.to} label={back.label} state={linkState} />
      <PageHeading title={title} />
      {subtitle}
      <WizardStepper active={step} links={links} linkState={linkState} />
      {children}
    </Box>
  );
}

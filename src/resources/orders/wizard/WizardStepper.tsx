import { Box, LinearProgress, Step, StepButton, StepLabel, Stepper, Typography, useMediaQuery, type Theme } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';

/** SPEC §4's order-creation flow, in its order. */
export const WIZARD_STEPS = ['company', 'catalog', 'customize', 'summary', 'configuration', 'review', 'confirm'] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

/**
 * Where the user is in the flow. On a laptop the seven steps in a row, the ones already done that
 * can be opened again as links (keyboard-reachable); on a phone one line "Step 3 of 7: Customize"
 * with a progress bar, so the page never widens.
 */
export function WizardStepper({ active, links = {}, linkState }: { active: WizardStep; links?: Partial<Record<WizardStep, string>>; linkState?: unknown }) {
  const translate = useTranslate();
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('md'));
  const index = WIZARD_STEPS.indexOf(active);
  const label = (step: WizardStep) => translate(`orderWizard.steps.${step}`);
  if (!wide) {
    return (
      <Box component="nav" aria-label={translate('orderWizard.steps.title')} sx={{ mb: 2 }}>
        <Typography variant="body2" aria-current="step" data-testid="wizard-step">
          {translate('orderWizard.steps.position', { index: index + 1, total: WIZARD_STEPS.length, step: label(active) })}
        </Typography>
        <LinearProgress variant="determinate" value={((index + 1) / WIZARD_STEPS.length) * 100} aria-hidden sx={{ mt: 0.5 }} />
      </Box>
    );
  }
  return (
    <Box component="nav" aria-label={translate('orderWizard.steps.title')} sx={{ mb: 3 }}>
      <Stepper activeStep={index} alternativeLabel nonLinear data-testid="wizard-stepper">
        {WIZARD_STEPS.map((step, i) => {
          const href = i < index ? links[step] : undefined;
          return (
            <Step key={step} completed={i < index}>
              {href ? (
                <StepButton component={RouterLink} to={href} state={linkState}>
                  {label(step)}
                </StepButton>
              ) : (
                <StepLabel aria-current={i === index ? 'step' : undefined}>{label(step)}</StepLabel>
              )}
            </Step>
          );
        })}
      </Stepper>
    </Box>
  );
}

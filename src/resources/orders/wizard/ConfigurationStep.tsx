import { zodResolver } from '@hookform/resolvers/zod';
import { Box, CircularProgress, MenuItem, Paper, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { Form, useDataProvider, useGetIdentity, useNotify, useTranslate } from 'react-admin';
import { useController, useFormContext, type FieldValues, type Resolver } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router-dom';
import { isOrderConfigured, orderConfigurationSchema, REFERENT_NAME_LENGTH, VALID_MONTHS_DEFAULT, VALID_MONTHS_MAX, VALID_MONTHS_MIN, type OrderConfiguration, type OrderDetail } from '../../../../domain/orders';
import { maxLengthOf } from '../../../../domain/messages';
import { FormSwitch } from '../../../components/FormSwitch';
import { FormTextField } from '../../../components/FormTextField';
import { SubmitButton } from '../../../components/SubmitButton';
import { useFormSubmit } from '../../../components/useFormSubmit';
import type { TesseraDataProvider } from '../../../dataProvider/types';
import { DraftGate } from './DraftGate';
import { ORDERS, wizardPaths } from './paths';
import { WizardPage } from './WizardPage';

/** The texts' limits, read off the configuration's rule (stated in their hints before any refusal). */
const ORDER_NUMBER_MAX = maxLengthOf(orderConfigurationSchema.shape.companyOrderNumber);
const SHIPPING_ADDRESS_MAX = maxLengthOf(orderConfigurationSchema.shape.shippingAddress);

const MONTHS = Array.from({ length: VALID_MONTHS_MAX - VALID_MONTHS_MIN + 1 }, (_, i) => VALID_MONTHS_MIN + i);

function MonthsSelect() {
  const translate = useTranslate();
  const { control } = useFormContext();
  const { field, fieldState } = useController({ name: 'validMonths', control });
  return (
    <TextField
      select
      {...field}
      value={field.value ?? VALID_MONTHS_DEFAULT}
      onChange={(event) => field.onChange(Number(event.target.value))}
      label={translate('orderScreens.fields.validMonths')}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message ? translate(fieldState.error.message) : translate('orderWizard.configuration.validMonthsHelp', { min: VALID_MONTHS_MIN, max: VALID_MONTHS_MAX, smart_count: VALID_MONTHS_MAX })}
      fullWidth
      margin="normal"
      required
    >
      {MONTHS.map((n) => (
        <MenuItem key={n} value={n}>
          {translate('orderWizard.configuration.months', { smart_count: n })}
        </MenuItem>
      ))}
    </TextField>
  );
}

function ConfigurationForm({ order }: { order: OrderDetail }) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { identity, isPending } = useGetIdentity();
  const dataProvider = useDataProvider<TesseraDataProvider>();
  const physical = order.shippingType !== 'DIGITAL';
  const resolver = useMemo(() => zodResolver(orderConfigurationSchema) as unknown as Resolver<FieldValues>, []);
  const saved = isOrderConfigured(order);
  const defaultValues = useMemo(
    () => ({
      referentName: order.referentName ?? identity?.fullName ?? '',
      referentEmail: order.referentEmail ?? (identity?.email as string | undefined) ?? '',
      validMonths: order.validMonths || VALID_MONTHS_DEFAULT,
      companyOrderNumber: order.companyOrderNumber ?? '',
      sendEmailToCompanyContact: order.sendEmailToCompanyContact,
      autoActivate: order.autoActivate,
      shippingAddress: order.shippingAddress ?? '',
    }),
    [order, identity],
  );
  const submit = useFormSubmit<OrderConfiguration>(
    useCallback(
      async (values) => {
        const address = physical && values.shippingAddress ? values.shippingAddress : null;
        await dataProvider.configureOrder(order.id, { ...values, shippingAddress: address });
        notify('orderWizard.messages.configured', { type: 'success' });
        await queryClient.invalidateQueries({ queryKey: [ORDERS] });
        navigate(wizardPaths.review(order.id));
      },
      [dataProvider, navigate, notify, order.id, physical, queryClient],
    ),
  );
  return (
    <Paper variant="outlined" component="section" aria-labelledby="configuration-title" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 760 }}>
      <Typography variant="h6" component="h2" id="configuration-title" gutterBottom>
        {translate('orderWizard.configuration.title')}
      </Typography>
      {isPending ? (
        <CircularProgress aria-label={translate('ra.page.loading')} />
      ) : (
        <Form defaultValues={defaultValues} resolver={resolver} mode="onChange" onSubmit={submit} noValidate>
          <FormTextField name="referentName" rule={orderConfigurationSchema.shape.referentName} label={translate('orderWizard.configuration.referentName')} helperText={translate('orderWizard.configuration.referentNameHelp', { min: REFERENT_NAME_LENGTH.min, max: REFERENT_NAME_LENGTH.max, smart_count: REFERENT_NAME_LENGTH.max })} required autoComplete="name" />
          <FormTextField name="referentEmail" rule={orderConfigurationSchema.shape.referentEmail} label={translate('orderWizard.configuration.referentEmail')} required type="email" autoComplete="email" />
          <MonthsSelect />
          <FormTextField name="companyOrderNumber" rule={orderConfigurationSchema.shape.companyOrderNumber} label={translate('orderScreens.fields.companyOrderNumber')} helperText={translate('orderWizard.configuration.companyOrderNumberHelp', { max: ORDER_NUMBER_MAX, smart_count: ORDER_NUMBER_MAX })} required autoComplete="off" />
          <FormSwitch name="sendEmailToCompanyContact" label={translate('orderScreens.fields.sendEmailToCompanyContact')} help={translate('orderWizard.configuration.sendEmailHelp')} />
          <FormSwitch name="autoActivate" label={translate('orderScreens.fields.autoActivate')} help={translate('orderWizard.configuration.autoActivateHelp')} />
          {physical && <FormTextField name="shippingAddress" rule={orderConfigurationSchema.shape.shippingAddress} label={translate('orderScreens.fields.shippingAddress')} helperText={translate('orderWizard.configuration.shippingAddressHelp', { max: SHIPPING_ADDRESS_MAX, smart_count: SHIPPING_ADDRESS_MAX })} multiline minRows={2} autoComplete="street-address" />}
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
            <SubmitButton fullWidth={false} allowPristine={saved}>
              {translate('orderWizard.configuration.submit')}
            </SubmitButton>
          </Box>
        </Form>
      )}
    </Paper>
  );
}

/** `{id}/configuration`: referent, valid months (1–12, default 1), company order number, e-mail to the company contact, auto-activate, alternative shipping address. */
export default function ConfigurationStep() {
  const { id } = useParams();
  const translate = useTranslate();
  return (
    <DraftGate id={id} fallbackTitle={translate('screens.orderConfiguration')}>
      {(order) => (
        <WizardPage
          title={translate('screens.orderConfiguration')}
          step="configuration"
          links={{ catalog: wizardPaths.addCatalog(order.id, order.shippingType), summary: wizardPaths.recap(order.id) }}
          back={{ to: wizardPaths.recap(order.id), label: 'orderWizard.backToSummary' }}
          about={order}
        >
          <ConfigurationForm order={order} />
        </WizardPage>
      )}
    </DraftGate>
  );
}

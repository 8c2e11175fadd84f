import { zodResolver } from '@hookform/resolvers/zod';
import { Box, CircularProgress, FormGroup, Paper, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Fragment, useCallback, useMemo } from 'react';
import { Form, useCanAccess, useDataProvider, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { useWatch, type FieldValues, type Resolver } from 'react-hook-form';
import { amountInputText } from '../../../../domain/format';
import { MONTHLY_STATEMENT_DAY, RELOAD_AMOUNT_EXAMPLES, RELOAD_LIMITS, type NotificationSettings, type NotificationSettingsBody } from '../../../../domain/reloadables';
import { FormSwitch } from '../../../components/FormSwitch';
import { FormTextField } from '../../../components/FormTextField';
import { ListLoadError } from '../../../components/ListLoadError';
import { SubmitButton } from '../../../components/SubmitButton';
import { useFormSubmit } from '../../../components/useFormSubmit';
import type { TesseraDataProvider } from '../../../dataProvider/types';
import { formatDateTime } from '../../../i18n/dates';
import { PageHeading } from '../../../components/PageHeading';
import { notificationFormSchema, toFormValues } from './notificationForm';

const RESOURCE = 'reloadables/notifications';
const QUERY_KEY = [RESOURCE, 'settings'];

/** The low-balance alert's threshold: editable whether the alert is on or not (it is kept for when it is), required while on. */
function ThresholdField({ readOnly }: { readOnly: boolean }) {
  const translate = useTranslate();
  const [language] = useLocaleState();
  const enabled = useWatch({ name: 'lowBalanceEnabled' }) === true;
  return (
    <Box sx={{ ml: 6, maxWidth: 320 }}>
      <FormTextField
        name="lowBalanceThreshold"
        label={translate('reloadables.notifications.threshold')}
        helperText={translate('reloadables.notifications.thresholdHelp', { example: amountInputText(RELOAD_AMOUNT_EXAMPLES.thresholdCents, language) })}
        disabled={readOnly}
        required={enabled}
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        size="small"
      />
    </Box>
  );
}

function SettingsForm({ settings, readOnly }: { settings: NotificationSettings; readOnly: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<TesseraDataProvider>();
  // the schema turns the form's text into the PUT body: react-admin's Form types its values loosely
  const resolver = useMemo(() => zodResolver(notificationFormSchema) as unknown as Resolver<FieldValues>, []);
  const [language] = useLocaleState();
  const defaultValues = useMemo(() => toFormValues(settings, language), [settings, language]);
  const submit = useFormSubmit(
    useCallback(
      async (body: NotificationSettingsBody) => {
        const saved = await dataProvider.saveNotificationSettings(body);
        queryClient.setQueryData(QUERY_KEY, saved);
        notify('success.notificationSettingUpdated', { type: 'success' });
      },
      [dataProvider, queryClient, notify],
    ),
    'messages.unableToPerformAction',
  );
  const label = (key: string) => translate(`reloadables.notifications.${key}`);
  return (
    // a new form once saved: the saved values are the new pristine state
    <Form key={`${settings.updatedAt ?? 'defaults'}-${language}`} resolver={resolver} mode="all" defaultValues={defaultValues} onSubmit={submit} noValidate>
      <Paper variant="outlined" sx={{ p: 3, maxWidth: 720 }}>
        <FormTextField
          name="recipients"
          label={label('recipients')}
          helperText={translate('reloadables.notifications.recipientsHelp', { max: RELOAD_LIMITS.maxRecipients })}
          multiline
          minRows={2}
          disabled={readOnly}
          slotProps={{ htmlInput: { autoComplete: 'off', spellCheck: false } }}
        />
        <FormGroup sx={{ mt: 2 }}>
          {(['lowBalance', 'runCompleted', 'runFailed', 'monthlyStatement'] as const).map((key) => (
            <Fragment key={key}>
              <FormSwitch name={`${key}Enabled`} label={label(key)} help={key === 'monthlyStatement' ? translate('reloadables.notifications.monthlyStatementHelp', { day: MONTHLY_STATEMENT_DAY }) : label(`${key}Help`)} disabled={readOnly} sx={{ mb: 1 }} helpSx={{ ml: 6, mt: -0.5 }} />
              {key === 'lowBalance' && <ThresholdField readOnly={readOnly} />}
            </Fragment>
          ))}
        </FormGroup>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mt: 2 }}>
          <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}>
            {settings.updatedAt ? translate('reloadables.notifications.updatedAt', { date: formatDateTime(settings.updatedAt) }) : label('neverSaved')}
          </Typography>
          {!readOnly && (
            <SubmitButton fullWidth={false} size="medium">
              {translate('ra.action.save')}
            </SubmitButton>
          )}
        </Box>
      </Paper>
    </Form>
  );
}

/**
 * /reloadables/notifications (SPEC §2 "Notifications settings"): who gets the programme's
 * e-mails (the referent when nobody is listed) and which: plafond below a threshold, a planned
 * run done, a run with refused rows, the monthly statement. Saved with SPEC §8's
 * "notification setting updated"; read-only for users not allowed 'edit'.
 */
export default function NotificationSettingsPage() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<TesseraDataProvider>();
  const { canAccess: canEdit } = useCanAccess({ resource: RESOURCE, action: 'edit' });
  const query = useQuery<NotificationSettings>({ queryKey: QUERY_KEY, queryFn: ({ signal }) => dataProvider.getNotificationSettings(signal), retry: false });
  return (
    <Box>
      <PageHeading title={translate('screens.reloadableNotifications')} />
      <Typography color="text.secondary" sx={{ mb: 2, maxWidth: 720 }}>
        {translate('reloadables.notifications.intro')}
      </Typography>
      {query.isPending && <CircularProgress aria-label={translate('reloadables.notifications.loading')} />}
      {query.error ? <ListLoadError error={query.error} onRetry={() => void query.refetch()} /> : null}
      {query.data && <SettingsForm settings={query.data} readOnly={canEdit !== true} />}
    </Box>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, DialogActions, DialogContent, DialogTitle, FormControlLabel, MenuItem, Switch, TextField, Typography } from '@mui/material';
import { useId, useMemo, useState } from 'react';
import { Form, useDataProvider, useListContext, useLocaleState, useNotify, useTranslate } from 'react-admin';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { FieldSet } from '../../../domain/fields';
import type { ReportTypeDefinition } from '../../../domain/reports';
import { browserTimeZone, exportLanguageOf } from '../../components/csvDownload';
import { FormErrorAlert } from '../../components/FormErrorAlert';
import { ListLoadError } from '../../components/ListLoadError';
import { ModalDialog } from '../../components/ModalDialog';
import { SchemaInputs } from '../../components/schema';
import { SubmitButton } from '../../components/SubmitButton';
import { useFormSubmit } from '../../components/useFormSubmit';
import type { TesseraDataProvider } from '../../dataProvider/types';
import { useOfferedReportTypes } from './offeredTypes';
import { reportDefaults } from './reportDefaults';

/**
 * The type's rules on the form: each field's own rule first (its message under it, null read as
 * empty), then the whole schema, whose period rules (from ≤ to, at most a year) speak of two fields
 * at once and land on `dateTo` — the same rules the API applies to `parameters`.
 */
function parametersResolver(fields: FieldSet): Resolver<FieldValues> {
  const perField = zodResolver(fields.formSchema as never) as unknown as Resolver<FieldValues>;
  const whole = zodResolver(fields.schema as never) as unknown as Resolver<FieldValues>;
  return async (values, context, options) => {
    const first = await perField(values, context, options);
    return Object.keys(first.errors).length > 0 ? first : whole(first.values, context, options);
  };
}

/** The API names a refused parameter `parameters.<key>`; the form's input is `<key>`. */
function parameterErrors(errors: Record<string, unknown> | undefined | void) {
  if (!errors) return undefined;
  return Object.fromEntries(Object.entries(errors).map(([key, message]) => [key.replace(/^parameters\./, ''), message]));
}

function ParametersForm({ definition, notify, onNotify, onCancel, onDone }: { definition: ReportTypeDefinition; notify: boolean; onNotify: (value: boolean) => void; onCancel: () => void; onDone: () => void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<TesseraDataProvider>();
  const [locale] = useLocaleState();
  const [failure, setFailure] = useState<string | null>(null);
  const fields = definition.parameters;
  const resolver = useMemo(() => parametersResolver(fields), [fields]);
  const send = useFormSubmit<Record<string, unknown>>(
    async (parameters) => {
      await dataProvider.generateReport(definition.id, { parameters, language: exportLanguageOf(locale), timeZone: browserTimeZone(), notify });
      onDone();
    },
    undefined,
    { onError: setFailure },
  );
  return (
    <Form key={definition.id} resolver={resolver} mode="all" defaultValues={reportDefaults(definition.id)} onSubmit={async (values: FieldValues) => parameterErrors(await send(values))} noValidate>
      <SchemaInputs fields={fields} />
      <FormControlLabel control={<Switch checked={notify} onChange={(event) => onNotify(event.target.checked)} />} label={translate('reports.generate.notify')} />
      <Box sx={{ mt: 2 }}>
        <FormErrorAlert message={failure} title={translate('reports.generate.refused')} />
      </Box>
      <Box sx={{ display: 'flex', gap: 2, mt: 1, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
        <Button onClick={onCancel}>{translate('ra.action.cancel')}</Button>
        {/* the defaults are a report one may want as they are */}
        <SubmitButton fullWidth={false} allowPristine>
          {translate('reports.generate.submit')}
        </SubmitButton>
      </Box>
    </Form>
  );
}

/**
 * "Generate report" (SPEC §9 modal: closed by its buttons only): the type, among those the API
 * offers (the types whose data the user may read; none: a note saying so), with its description;
 * that type's parameter inputs from its declaration, checked with its rules, sensible defaults;
 * "e-mail me when it is ready". The body carries the UI language and the browser's zone (the
 * file's words and days). The new report appears queued at the top of the list, which then
 * follows it by itself.
 */
export function GenerateReportDialog({ onClose }: { onClose: () => void }) {
  const translate = useTranslate();
  const notifyUser = useNotify();
  const { refetch } = useListContext();
  const titleId = useId();
  const { types, isPending, error, refetch: retryTypes } = useOfferedReportTypes();
  const [chosen, setChosen] = useState<string>('outstanding-balances');
  const [notify, setNotify] = useState(false);
  const definition = types.find((type) => type.id === chosen) ?? types[0];
  return (
    <ModalDialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{translate('reports.generate.title')}</DialogTitle>
      <DialogContent>
        {error ? (
          <ListLoadError error={error} onRetry={() => void retryTypes()} />
        ) : isPending ? null : !definition ? (
          <Alert severity="info" sx={{ mt: 1 }}>
            {translate('reports.generate.noTypes')}
          </Alert>
        ) : (
          <>
            <TextField select fullWidth label={translate('reports.generate.type')} value={definition.id} onChange={(event) => setChosen(event.target.value)} sx={{ mt: 1 }}>
              {types.map((type) => (
                <MenuItem key={type.id} value={type.id}>
                  {translate(`reports.types.${type.id}.name`)}
                </MenuItem>
              ))}
            </TextField>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1, mb: 2 }}>
              {translate(`reports.types.${definition.id}.description`)}
            </Typography>
            <ParametersForm
              key={definition.id}
              definition={definition}
              notify={notify}
              onNotify={setNotify}
              onCancel={onClose}
              onDone={() => {
                notifyUser('reports.generate.started', { type: 'success' });
                void refetch();
                onClose();
              }}
            />
          </>
        )}
      </DialogContent>
      {!error && !isPending && !definition && (
        <DialogActions>
          <Button onClick={onClose}>{translate('ra.action.close')}</Button>
        </DialogActions>
      )}
    </ModalDialog>
  );
}

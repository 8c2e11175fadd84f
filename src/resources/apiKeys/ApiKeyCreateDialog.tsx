import { zodResolver } from '@hookform/resolvers/zod';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Alert, Box, Button, Checkbox, DialogActions, DialogContent, DialogTitle, FormControl, FormControlLabel, FormGroup, FormHelperText, FormLabel, TextField, Typography } from '@mui/material';
import dayjs from 'dayjs';
import { useId } from 'react';
import { useDataProvider, useInput, useNotify, usePermissions, useTranslate } from 'react-admin';
import type { Resolver } from 'react-hook-form';
import { inputFields } from '../../../domain/fields';
import { API_KEY_SCOPE_CHOICES, scopeHeld, type ApiKeyCreateBody, type ApiKeyCreated, type ApiKeyScope } from '../../../domain/integration';
import type { Permissions } from '../../../domain/permissions';
import { apiKeyFormFields, apiKeyFormSchema, type ApiKeyFormValues } from '../../../domain/schemas/apiKeys';
import { FormDialog } from '../../components/FormDialog';
import { ModalDialog } from '../../components/ModalDialog';
import { SchemaInput } from '../../components/schema';
import { useFormSubmit } from '../../components/useFormSubmit';
import type { TesseraDataProvider } from '../../dataProvider/types';

/** The scopes the signed-in user holds: nobody gives a key a scope whose permissions they lack (the server refuses it too). */
export function useHeldScopes() {
  const { permissions } = usePermissions<Permissions>();
  return API_KEY_SCOPE_CHOICES.filter((choice) => scopeHeld(permissions, choice.id));
}

/** The scopes as a group of check boxes (a fieldset named by its legend), only the held ones. */
function ScopesInput({ held }: { held: ReturnType<typeof useHeldScopes> }) {
  const translate = useTranslate();
  const legendId = useId();
  const { field, fieldState } = useInput<ApiKeyScope[]>({ source: 'scopes' });
  const chosen: ApiKeyScope[] = Array.isArray(field.value) ? field.value : [];
  const toggle = (scope: ApiKeyScope, on: boolean) => {
    field.onChange(on ? [...chosen, scope] : chosen.filter((id) => id !== scope));
    field.onBlur();
  };
  const error = fieldState.invalid && typeof fieldState.error?.message === 'string' ? fieldState.error.message : undefined;
  return (
    <FormControl component="fieldset" error={Boolean(error)} required margin="normal" fullWidth>
      <FormLabel component="legend" id={legendId}>
        {translate('apiKeys.create.scopesLegend')}
      </FormLabel>
      <FormGroup aria-labelledby={legendId}>
        {held.map((choice) => (
          <FormControlLabel key={choice.id} control={<Checkbox checked={chosen.includes(choice.id)} onChange={(event) => toggle(choice.id, event.target.checked)} />} label={translate(choice.name)} />
        ))}
      </FormGroup>
      <FormHelperText>{error ? translate(error) : translate('apiKeys.create.scopesHelp')}</FormHelperText>
    </FormControl>
  );
}

/** The form's values → the API's body: the expiry day ends at its last instant in the user's zone. */
export function apiKeyBody(values: ApiKeyFormValues): ApiKeyCreateBody {
  return {
    name: values.name,
    scopes: values.scopes,
    storeId: values.storeId || null,
    expiresAt: values.expiresAt ? dayjs(values.expiresAt).endOf('day').toISOString() : null,
  };
}

/**
 * "Create key": name, the scopes the user holds, an optional store (a till's key) and an optional
 * expiry day. The answer (with the secret) goes to `onCreated`; a refusal is notified with its
 * code's text (API_KEY_SCOPE_NOT_HELD…), field errors land on the fields.
 */
export function ApiKeyCreateDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (key: ApiKeyCreated) => void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<TesseraDataProvider>();
  const held = useHeldScopes();
  const submit = useFormSubmit<ApiKeyFormValues>(async (values) => onCreated(await dataProvider.createApiKey(apiKeyBody(values))));
  const [name, , storeId, expiresAt] = inputFields(apiKeyFormFields);
  return (
    <FormDialog<ApiKeyFormValues>
      id="api-key-create"
      title={translate('apiKeys.create.title')}
      resolver={zodResolver(apiKeyFormSchema as never) as unknown as Resolver<ApiKeyFormValues>}
      defaultValues={{ name: '', scopes: [], storeId: null, expiresAt: '' }}
      onSubmit={submit}
      onClose={onClose}
      submitLabel={translate('apiKeys.create.submit')}
      maxWidth="sm"
    >
      {held.length === 0 ? (
        <Alert severity="info">{translate('apiKeys.create.noScopes')}</Alert>
      ) : (
        <>
          <SchemaInput field={name} />
          <ScopesInput held={held} />
          {/* the store's help is its declared helper, under the input (once: issue 43) */}
          <SchemaInput field={storeId} />
          <SchemaInput field={expiresAt} />
          <Typography variant="body2" color="text.secondary">
            {translate('apiKeys.create.expiresHelp')}
          </Typography>
        </>
      )}
    </FormDialog>
  );
}

/**
 * The new key, shown this once: the whole secret in a read-only field, a copy button and a warning
 * that it cannot be shown again. Closing it forgets the secret (the list never had it).
 */
export function ApiKeyCreatedDialog({ apiKey, onClose }: { apiKey: ApiKeyCreated; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(apiKey.key);
      notify('apiKeys.created.copied', { type: 'success' });
    } catch {
      notify('apiKeys.created.copyFailed', { type: 'warning' });
    }
  };
  return (
    <ModalDialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="api-key-created-title">
      <DialogTitle id="api-key-created-title">{translate('apiKeys.created.title')}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {translate('apiKeys.created.warning')}
        </Alert>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
          <TextField
            label={translate('apiKeys.created.keyLabel', { name: apiKey.name })}
            value={apiKey.key}
            fullWidth
            multiline
            slotProps={{ htmlInput: { readOnly: true, spellCheck: false, style: { fontFamily: 'monospace', wordBreak: 'break-all' } } }}
            onFocus={(event) => event.target.select()}
          />
          <Button variant="outlined" startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
            {translate('apiKeys.created.copy')}
          </Button>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {translate('apiKeys.created.close')}
        </Button>
      </DialogActions>
    </ModalDialog>
  );
}

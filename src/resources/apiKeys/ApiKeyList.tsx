import AddIcon from '@mui/icons-material/Add';
import { Box, Button, Chip } from '@mui/material';
import { useRef, useState } from 'react';
import { CanAccess, DataTable, useCanAccess, useDataProvider, useRefresh, useTranslate, type RaRecord } from 'react-admin';
import type { ApiKey, ApiKeyCreated } from '../../../domain/integration';
import { apiKeyFields } from '../../../domain/schemas/apiKeys';
import { ConfirmActionButton } from '../../components/ConfirmActionButton';
import { PageHeading } from '../../components/PageHeading';
import { useFocusAfterAction } from '../../components/useFocusAfterAction';
import { CompactRows, SchemaField, SchemaList } from '../../components/schema';
import type { TesseraDataProvider } from '../../dataProvider/types';
import { formatDateTime } from '../../i18n/dates';
import { ApiKeyCreateDialog, ApiKeyCreatedDialog } from './ApiKeyCreateDialog';

const API_KEYS = 'api-keys';
const key = (record: RaRecord) => record as ApiKey;
const stateField = apiKeyFields.fields.find((field) => field.source === 'state')!;

/** The key's scopes as chips, by their names in the user's language. */
function ScopeChips({ apiKey }: { apiKey: ApiKey }) {
  const translate = useTranslate();
  return (
    <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, p: 0, m: 0, listStyle: 'none' }} aria-label={translate('apiKeys.fields.scopes')}>
      {apiKey.scopes.map((scope) => (
        <li key={scope}>
          <Chip size="small" variant="outlined" label={translate(`apiKeys.scopes.${scope}`)} />
        </li>
      ))}
    </Box>
  );
}

const REVOKE = '[data-api-key-action="revoke"]';
/** a revocation marks the place of the revoked key's button among the list's (`revokePlace`) */
type Revoked = `${number}`;
type Acted = (action: Revoked) => void;
/** the place of a key's revoke button among the list's, before it goes */
const revokePlace = (id: string): Revoked => `${[...document.querySelectorAll<HTMLElement>(REVOKE)].findIndex((button) => button.dataset.apiKeyId === id)}`;
/** after a revocation: the revoke button of the key that came next (the revoked one is gone), else the first control (Create key) */
const nextKey = (action: Revoked, control: HTMLElement) => control.matches(REVOKE) && [...document.querySelectorAll(REVOKE)].indexOf(control) >= Number(action);

/** "Revoke" with a confirmation, for who may revoke and only on a key not revoked yet (an expired one may still be revoked). */
function RevokeButton({ apiKey, acted }: { apiKey: ApiKey; acted: Acted }) {
  const translate = useTranslate();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<TesseraDataProvider>();
  const { canAccess } = useCanAccess({ resource: API_KEYS, action: 'revoke' });
  if (!canAccess || apiKey.state === 'revoked') return null;
  return (
    <ConfirmActionButton
      label="apiKeys.revoke.action"
      title={translate('apiKeys.revoke.title', { name: apiKey.name })}
      run={() => {
        acted(revokePlace(apiKey.id));
        return dataProvider.revokeApiKey(apiKey.id);
      }}
      done="apiKeys.revoke.done"
      onDone={refresh}
      button={{ color: 'error', size: 'small', 'aria-label': translate('apiKeys.revoke.named', { name: apiKey.name }), ...({ 'data-api-key-action': 'revoke', 'data-api-key-id': apiKey.id } as object) }}
      confirmColor="error"
    >
      {translate('apiKeys.revoke.text')}
    </ConfirmActionButton>
  );
}

/** Cells the declaration cannot say: the scopes' chips, the whole company for a key of no store, "never" for a key not used yet. */
function useColumnRender() {
  const translate = useTranslate();
  return {
    scopes: (record: RaRecord) => <ScopeChips apiKey={key(record)} />,
    storeName: (record: RaRecord) => key(record).storeName ?? translate('apiKeys.list.anyStore'),
    lastUsedAt: (record: RaRecord) => (key(record).lastUsedAt ? undefined : translate('apiKeys.list.never')),
    expiresAt: (record: RaRecord) => (key(record).expiresAt ? undefined : translate('apiKeys.list.noExpiry')),
  };
}

/** The phone rows: name, state and the revoke button; the prefix, store and dates; the scopes. */
function ApiKeyRows({ acted }: { acted: Acted }) {
  const translate = useTranslate();
  return (
    <CompactRows<ApiKey>
      fields={apiKeyFields}
      label="screens.apiKeyList"
      line={(record) => (
        <>
          <strong>{record.name}</strong>
          <SchemaField field={stateField} record={record} />
        </>
      )}
      end={(record) => <RevokeButton apiKey={record} acted={acted} />}
      secondary={(record) => [
        record.prefix,
        record.storeName ?? translate('apiKeys.list.anyStore'),
        `${translate('apiKeys.fields.lastUsedAt')}: ${record.lastUsedAt ? formatDateTime(record.lastUsedAt) : translate('apiKeys.list.never')}`,
        `${translate('apiKeys.fields.expiresAt')}: ${record.expiresAt ? formatDateTime(record.expiresAt) : translate('apiKeys.list.noExpiry')}`,
      ]}
      below={(record) => (
        <Box sx={{ mt: 0.5 }}>
          <ScopeChips apiKey={record} />
        </Box>
      )}
    />
  );
}

/**
 * /api-keys: the company subtree's keys (name, prefix, store, scopes, state, last use, expiry, who
 * made it and when), newest first, searched by name or prefix and filtered by state. "Create key"
 * opens the form; the key it answers is shown once in the next dialog, then the list reloads. A
 * row's "Revoke" asks first; once the key is revoked its button is gone, so focus goes to the next
 * key's (else Create key, else the heading) rather than to the page body (issue 43).
 */
export default function ApiKeyList() {
  const translate = useTranslate();
  const refresh = useRefresh();
  const render = useColumnRender();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const { acted } = useFocusAfterAction<Revoked>(root, { controls: `${REVOKE}, [data-api-key-action="create"]`, prefer: nextKey });
  return (
    <Box ref={root}>
      <PageHeading title={translate('screens.apiKeyList')} />
      <SchemaList
        fields={apiKeyFields}
        search
        filtersLabel
        count
        countMore
        rowClick={false}
        link={false}
        disableSyncWithLocation={false}
        render={render}
        columns={<DataTable.Col source="id" label="apiKeys.list.actions" disableSort render={(record: RaRecord) => <RevokeButton apiKey={key(record)} acted={acted} />} />}
        compact={<ApiKeyRows acted={acted} />}
        actions={
          <CanAccess resource={API_KEYS} action="create">
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)} data-api-key-action="create">
              {translate('apiKeys.list.create')}
            </Button>
          </CanAccess>
        }
      >
        {creating && (
          <ApiKeyCreateDialog
            onClose={() => setCreating(false)}
            onCreated={(apiKey) => {
              setCreating(false);
              setCreated(apiKey);
              refresh();
            }}
          />
        )}
        {created && <ApiKeyCreatedDialog apiKey={created} onClose={() => setCreated(null)} />}
      </SchemaList>
    </Box>
  );
}

import { Alert } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { errorMessage } from '../../dataProvider/httpError';
import { PERMISSION_KEYS, type PermissionKey } from '../../../domain/permissions';
import { HttpError } from '../../dataProvider/httpError';
import { permissionFullName } from './PermissionChecklist';

/** The keys of a 403 PERMISSION_NOT_GRANTABLE (its body field `notGrantable`), or null for any other failure. */
export function notGrantableOf(error: unknown): PermissionKey[] | null {
  if (!(error instanceof HttpError) || error.code !== 'PERMISSION_NOT_GRANTABLE') return null;
  const keys = (error.body as { notGrantable?: unknown } | undefined)?.notGrantable;
  return Array.isArray(keys) ? PERMISSION_KEYS.filter((key) => keys.includes(key)) : [];
}

/** The server's refusal, as the translated list of what the user cannot grant. */
export function NotGrantableList({ keys }: { keys: readonly PermissionKey[] }) {
  const translate = useTranslate();
  return (
    <Alert severity="error" role="alert" sx={{ mb: 2 }} data-testid="not-grantable">
      {translate('users.refused')}
      <ul style={{ margin: '4px 0 0', paddingLeft: 20 }}>
        {keys.map((key) => (
          <li key={key}>{permissionFullName(translate, key)}</li>
        ))}
      </ul>
    </Alert>
  );
}

/**
 * Why the user's record offers no action: they hold permissions the caller does not
 * (`record.outOfScope`, domain/users.ts outOfScopeKeys), named translated.
 */
export function OutOfScopeNote({ keys }: { keys: readonly PermissionKey[] }) {
  const translate = useTranslate();
  return (
    <Alert severity="info" sx={{ mb: 2 }} data-testid="user-out-of-scope">
      {translate('users.outOfScopeNote', { permissions: keys.map((key) => permissionFullName(translate, key)).join('; ') })}
    </Alert>
  );
}

/**
 * A failed save's notification: a refused grant names the permissions translated (the server's
 * `params.permissions` are keys); anything else its catalogue text. Answers the refused keys.
 */
export function useSaveFailure() {
  const translate = useTranslate();
  const notify = useNotify();
  return (error: unknown): PermissionKey[] | null => {
    const refused = notGrantableOf(error);
    const text = refused ? translate('errors.codes.PERMISSION_NOT_GRANTABLE', { permissions: refused.map((key) => permissionFullName(translate, key)).join('; ') }) : errorMessage(error);
    notify(text, { type: 'error', messageArgs: { _: text } });
    return refused;
  };
}

import { Alert, Box, Button, Paper, Typography } from '@mui/material';
import { useRef, useState } from 'react';
import { EditBase, useDataProvider, useEditContext, useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import type { PermissionKey } from '../../../domain/permissions';
import { userFields, type UserRecord } from '../../../domain/schemas/users';
import { ConfirmActionButton } from '../../components/ConfirmActionButton';
import { PageHeading } from '../../components/PageHeading';
import { StatusBadge } from '../../components/StatusBadge';
import { BackLink, RecordLoadError, SchemaShowFields } from '../../components/schema';
import { useBusyRun } from '../../components/useBusyRun';
import { useFocusAfterAction } from '../../components/useFocusAfterAction';
import type { TesseraDataProvider } from '../../dataProvider/types';
import { NotGrantableList, OutOfScopeNote, useSaveFailure } from './NotGrantableList';
import { PermissionChecklist } from './PermissionChecklist';
import { UserForm } from './UserForm';

const TONES = { ACTIVE: 'green', PENDING_ACTIVATION: 'yellow', DISABLED: 'yellow' } as const;

type StateAction = 'resend' | 'enable' | 'disable';
/** after an action, the button that carries on from it: enabled → Disable, disabled → Enable */
const NEXT: Record<StateAction, StateAction> = { resend: 'resend', enable: 'disable', disable: 'enable' };

/** after a state action, the button that carries on from it (enabled → Disable, disabled → Enable), else the first one */
const carriesOn = (action: StateAction, control: HTMLElement) => control.dataset.userAction === NEXT[action];

/** Disable (asks first: sessions end at once), enable, resend the activation: what `record.actions` offers. */
function UserStateActions({ user, acted }: { user: UserRecord; acted: (action: StateAction) => void }) {
  const translate = useTranslate();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<TesseraDataProvider>();
  const { busy, run } = useBusyRun<'enable' | 'resend'>();
  const act = async (key: 'enable' | 'resend') => {
    acted(key);
    const ok = await run(() => dataProvider.moveUser(user.id, key === 'enable' ? 'enable' : 'resend-activation'), { key, done: key === 'enable' ? 'users.messages.enabled' : 'users.messages.activationSent' });
    if (ok) refresh();
  };
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      {user.actions.includes('resendActivation') && (
        <Button variant="outlined" data-user-action="resend" disabled={busy !== null} onClick={() => void act('resend')}>
          {translate('users.actions.resendActivation')}
        </Button>
      )}
      {user.actions.includes('enable') && (
        <Button variant="outlined" data-user-action="enable" disabled={busy !== null} onClick={() => void act('enable')}>
          {translate('users.actions.enable')}
        </Button>
      )}
      {user.actions.includes('disable') && (
        <ConfirmActionButton
          label="users.actions.disable"
          title={translate('users.actions.disableTitle')}
          run={() => dataProvider.moveUser(user.id, 'disable')}
          done="users.messages.disabled"
          onDone={() => {
            acted('disable');
            refresh();
          }}
          button={{ variant: 'outlined', color: 'error', ...({ 'data-user-action': 'disable' } as object) }}
          confirmColor="error"
        >
          {translate('users.actions.disableQuestion')}
        </ConfirmActionButton>
      )}
    </Box>
  );
}

function UserHeader() {
  const translate = useTranslate();
  const user = useRecordContext<UserRecord>();
  const header = useRef<HTMLDivElement>(null);
  // issue 43: focus after a state action stays on the page (its button is disabled, then replaced)
  const { acted } = useFocusAfterAction(header, { controls: '[data-user-action]', prefer: carriesOn, shown: user != null });
  if (!user) return null;
  return (
    <Box ref={header}>
      <PageHeading title={`${user.firstName} ${user.lastName}`} />
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
        <StatusBadge tone={TONES[user.status]} status={user.status} label={translate(`users.status.${user.status}`)} />
        <Typography color="text.secondary">{user.companyName}</Typography>
        <Box sx={{ flex: 1 }} />
        <UserStateActions user={user} acted={acted} />
      </Box>
      {user.pendingEmail && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {translate('users.pendingEmailNote', { email: user.pendingEmail })}
        </Alert>
      )}
    </Box>
  );
}

/**
 * A user the caller may read but not edit (`record.actions` lacks `edit`): the data, role and
 * permissions shown read-only, and why when they hold permissions the caller does not.
 */
function UserReadOnly({ user }: { user: UserRecord }) {
  return (
    <>
      {user.outOfScope.length > 0 && <OutOfScopeNote keys={user.outOfScope} />}
      <SchemaShowFields fields={userFields} />
      <Box sx={{ mt: 2 }}>
        <PermissionChecklist value={user.permissions} onChange={() => undefined} grantable={[]} locked />
      </Box>
    </>
  );
}

function UserDetail({ refused }: { refused: PermissionKey[] | null }) {
  const { error, isPending, refetch, record } = useEditContext<UserRecord>();
  if (error) return <RecordLoadError error={error} refetch={refetch} title="users.notFound.title" message="users.notFound.message" />;
  if (isPending || !record) return null;
  return (
    <>
      <UserHeader />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 880 }}>
        {record.actions.includes('edit') ? <UserForm above={refused && <NotGrantableList keys={refused} />} /> : <UserReadOnly user={record} />}
      </Paper>
    </>
  );
}

/**
 * /users/{id} (react-admin's edit route): the user's data, role and permissions on the edit
 * controller (pessimistic: a refusal changes nothing on screen), and the state actions. A 403
 * PERMISSION_NOT_GRANTABLE lists, translated, what the caller cannot grant. A user the record
 * does not let the caller edit is shown read-only; one holding permissions the caller lacks says
 * so, naming them (`record.outOfScope`, issue 37).
 */
export default function UserEdit() {
  const notify = useNotify();
  const [refused, setRefused] = useState<PermissionKey[] | null>(null);
  const failed = useSaveFailure();
  return (
    <Box sx={{ maxWidth: 880, minWidth: 0 }}>
      <BackLink resource="users" label="users.backToList" />
      <EditBase
        resource="users"
        mutationMode="pessimistic"
        redirect={false}
        queryOptions={{ onError: () => undefined }}
        mutationOptions={{
          onSuccess: () => {
            setRefused(null);
            notify('users.messages.updated', { type: 'success' });
          },
          onError: (error: unknown) => setRefused(failed(error)),
        }}
      >
        <UserDetail refused={refused} />
      </EditBase>
    </Box>
  );
}

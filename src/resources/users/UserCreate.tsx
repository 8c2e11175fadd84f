import { Alert, Paper } from '@mui/material';
import { useState } from 'react';
import { CreateBase, useNotify, useRedirect, useTranslate } from 'react-admin';
import type { PermissionKey } from '../../../domain/permissions';
import { PageHeading } from '../../components/PageHeading';
import { BackLink } from '../../components/schema';
import { NotGrantableList, useSaveFailure } from './NotGrantableList';
import { UserForm } from './UserForm';

/** /users/create: a new pending user with data, role and permissions; the activation e-mail goes out. */
export default function UserCreate() {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const [refused, setRefused] = useState<PermissionKey[] | null>(null);
  const failed = useSaveFailure();
  return (
    <CreateBase
      resource="users"
      mutationOptions={{
        onSuccess: (user: { id: string }) => {
          notify('users.messages.created', { type: 'success' });
          redirect('edit', 'users', user.id);
        },
        onError: (error: unknown) => setRefused(failed(error)),
      }}
    >
      <BackLink resource="users" label="users.backToList" />
      <PageHeading title={translate('screens.userCreate')} />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 880 }}>
        <Alert severity="info" sx={{ mb: 2 }}>
          {translate('users.activationHint')}
        </Alert>
        <UserForm above={refused && <NotGrantableList keys={refused} />} />
      </Paper>
    </CreateBase>
  );
}

import { Paper } from '@mui/material';
import { CreateBase, useNotify, useRedirect, useTranslate } from 'react-admin';
import { storeFields } from '../../../domain/schemas/store';
import { SchemaForm } from '../../components/schema';
import { PageHeading } from '../../components/PageHeading';
import { BackLink } from '../../components/schema/BackLink';

const STORES = storeFields.resource!;

/** /privative/stores/create: the declared store fields on react-admin's create controller. */
export default function StoreCreate() {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <CreateBase
      resource={STORES}
      mutationOptions={{
        onSuccess: () => {
          notify('stores.messages.created', { type: 'success' });
          redirect('list', STORES);
        },
      }}
    >
      <BackLink resource={STORES} label="stores.actions.backToList" />
      <PageHeading title={translate('screens.storeCreate')} />
      <Paper variant="outlined" sx={{ p: 3, maxWidth: 720 }}>
        <SchemaForm fields={storeFields} />
      </Paper>
    </CreateBase>
  );
}

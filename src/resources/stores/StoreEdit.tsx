import { Paper } from '@mui/material';
import { CanAccess, DeleteWithConfirmButton, EditBase, useEditContext, useNotify, useRecordContext, useRedirect, useTranslate } from 'react-admin';
import { storeFields } from '../../../domain/schemas/store';
import type { StoreRecord } from '../../../domain/schemas/stores-api';
import { RecordLoadError, SchemaForm } from '../../components/schema';
import { errorMessage } from '../../dataProvider/httpError';
import { PageHeading } from '../../components/PageHeading';
import { BackLink } from '../../components/schema/BackLink';

const STORES = storeFields.resource!;

function StoreHeading() {
  const translate = useTranslate();
  const store = useRecordContext<StoreRecord>();
  return <PageHeading title={store ? `${store.name} (${store.code})` : translate('screens.storeDetail')} />;
}

/** SPEC §8: a refused delete says 'Error deleting store' and why. */
function DeleteStoreButton() {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const store = useRecordContext<StoreRecord>();
  if (!store) return null;
  return (
    <DeleteWithConfirmButton
      mutationMode="pessimistic"
      confirmTitle="stores.delete.title"
      confirmContent="stores.delete.question"
      translateOptions={{ name: store.name }}
      mutationOptions={{
        onSuccess: () => {
          notify('stores.messages.deleted', { type: 'success' });
          redirect('list', STORES);
        },
        onError: (error: unknown) => {
          const text = `${translate('stores.delete.error')}: ${errorMessage(error)}`;
          notify(text, { type: 'error', messageArgs: { _: text } });
        },
      }}
    />
  );
}

function StoreDetail() {
  const { error, isPending, refetch } = useEditContext();
  if (error) return <RecordLoadError error={error} refetch={refetch} title="stores.notFound.title" message="stores.notFound.message" />;
  if (isPending) return null;
  return (
    <>
      <StoreHeading />
      <Paper variant="outlined" sx={{ p: 3, maxWidth: 720 }}>
        <SchemaForm
          fields={storeFields}
          actions={
            <CanAccess resource={STORES} action="delete">
              <DeleteStoreButton />
            </CanAccess>
          }
        />
      </Paper>
    </>
  );
}

/**
 * /privative/stores/{id} (react-admin's edit route): the store's declared fields on the edit
 * controller (pessimistic, so a refused save puts the server's field errors on the fields),
 * and its delete. An id that names no store (unknown, malformed, another company's) shows
 * "this store does not exist" rather than react-admin's redirect to the list.
 */
export default function StoreEdit() {
  const notify = useNotify();
  return (
    <EditBase
      resource={STORES}
      mutationMode="pessimistic"
      redirect={false}
      queryOptions={{ onError: () => undefined }}
      mutationOptions={{ onSuccess: () => notify('stores.messages.updated', { type: 'success' }) }}
    >
      <BackLink resource={STORES} label="stores.actions.backToList" />
      <StoreDetail />
    </EditBase>
  );
}

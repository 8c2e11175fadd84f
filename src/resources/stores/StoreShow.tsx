import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Alert, Box, Button, CircularProgress } from '@mui/material';
import { useState } from 'react';
import { useDelete, useGetOne, useNotify, useTranslate, useUpdate } from 'react-admin';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { StoreRecord } from '../../../domain/schemas/stores-api';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { errorMessage } from '../../dataProvider/httpError';
import { PageHeading } from '../../pages/PageHeading';
import { StoreForm } from './StoreForm';
import { storePaths, STORES_RESOURCE } from './storePaths';

function DeleteStoreButton({ store }: { store: StoreRecord }) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [remove, { isPending }] = useDelete<StoreRecord>();
  const confirm = async () => {
    try {
      await remove(STORES_RESOURCE, { id: store.id, previousData: store }, { mutationMode: 'pessimistic', returnPromise: true });
      notify('stores.messages.deleted', { type: 'success' });
      navigate(storePaths.list);
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };
  return (
    <>
      <Button color="error" onClick={() => (setFailure(null), setOpen(true))}>
        {translate('ra.action.delete')}
      </Button>
      <ConfirmDialog open={open} title={translate('stores.delete.title')} confirmLabel={translate('ra.action.delete')} busy={isPending} onConfirm={() => void confirm()} onClose={() => setOpen(false)}>
        {failure ? (
          <Alert severity="error">
            <strong>{translate('stores.delete.error')}</strong>
            <br />
            {failure}
          </Alert>
        ) : (
          translate('stores.delete.question', { name: store.name })
        )}
      </ConfirmDialog>
    </>
  );
}

/** /privative/stores/{id}: the store's data, editable, and its delete. */
export default function StoreShow() {
  const translate = useTranslate();
  const notify = useNotify();
  const { id = '' } = useParams();
  const { data: store, error, isPending } = useGetOne<StoreRecord>(STORES_RESOURCE, { id }, { enabled: id !== '' });
  const [update] = useUpdate<StoreRecord>();
  return (
    <Box>
      <Button component={Link} to={storePaths.list} startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>
        {translate('stores.actions.backToList')}
      </Button>
      <PageHeading title={store ? `${store.name} (${store.code})` : translate('screens.storeDetail')} />
      {isPending && <CircularProgress />}
      {error && <Alert severity="error">{errorMessage(error)}</Alert>}
      {store && (
        <StoreForm
          key={store.id}
          defaultValues={{ code: store.code, name: store.name, storeCategoryId: store.storeCategoryId, defaultActivationStore: store.defaultActivationStore }}
          submitLabel={translate('ra.action.save')}
          extraActions={<DeleteStoreButton store={store} />}
          onSubmit={async (values) => {
            await update(STORES_RESOURCE, { id: store.id, data: values, previousData: store }, { mutationMode: 'pessimistic', returnPromise: true });
            notify('stores.messages.updated', { type: 'success' });
          }}
        />
      )}
    </Box>
  );
}

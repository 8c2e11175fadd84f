import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Box, Button } from '@mui/material';
import { useCreate, useNotify, useTranslate } from 'react-admin';
import { Link, useNavigate } from 'react-router-dom';
import type { StoreRecord } from '../../../domain/schemas/stores-api';
import { PageHeading } from '../../pages/PageHeading';
import { EMPTY_STORE, StoreForm } from './StoreForm';
import { storePaths, STORES_RESOURCE } from './storePaths';

/** /privative/stores/create */
export default function StoreCreate() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const [create] = useCreate<StoreRecord>();
  return (
    <Box>
      <Button component={Link} to={storePaths.list} startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>
        {translate('stores.actions.backToList')}
      </Button>
      <PageHeading title={translate('screens.storeCreate')} />
      <StoreForm
        defaultValues={EMPTY_STORE}
        submitLabel={translate('ra.action.save')}
        onSubmit={async (values) => {
          await create(STORES_RESOURCE, { data: values }, { returnPromise: true });
          notify('stores.messages.created', { type: 'success' });
          navigate(storePaths.list);
        }}
      />
    </Box>
  );
}

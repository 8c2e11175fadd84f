import { Alert, Box, Button, CircularProgress, Grid, MenuItem, Paper, TextField, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useGetList, useTranslate } from 'react-admin';
import { Navigate, useParams } from 'react-router-dom';
import { typologyFilterSchema } from '../../../../domain/catalog';
import type { Typology } from '../../../../domain/giftcards';
import { maxLengthOf } from '../../../../domain/messages';
import { typologyTypeFor, type OrderDetail, type ShippingType } from '../../../../domain/orders';
import { ListLoadError } from '../../../components/ListLoadError';
import { DraftGate } from './DraftGate';
import { shippingTypeOf, wizardPaths } from './paths';
import { TypologyCard } from './TypologyCard';
import { useCompanyName } from './useCompanyName';
import { WizardPage } from './WizardPage';
import { useWizardRun } from './wizardRun';

const PAGE = 12;
type ValueKind = 'all' | 'fixed' | 'variable';

/** The catalog's products of the order's card type, searchable by name or SKU and by kind of value. */
function Catalog({ type, linkTo, linkState }: { type: ShippingType; linkTo: (typology: Typology) => string; linkState?: unknown }) {
  const translate = useTranslate();
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const [kind, setKind] = useState<ValueKind>('all');
  const [pages, setPages] = useState(1);
  useEffect(() => {
    const timer = setTimeout(() => {
      setQ(text.trim());
      setPages(1);
    }, 300);
    return () => clearTimeout(timer);
  }, [text]);
  const filter = { type: typologyTypeFor(type), ...(q ? { q } : {}), ...(kind === 'all' ? {} : { variableValue: kind === 'variable' }) };
  const { data = [], total, pageInfo, isPending, isFetching, error, refetch } = useGetList<Typology>('privative/typologies', {
    filter,
    sort: { field: 'name', order: 'ASC' },
    pagination: { page: 1, perPage: PAGE * pages },
  });
  const more = pageInfo?.hasNextPage ?? (total !== undefined && total > data.length);
  return (
    <Paper variant="outlined" component="section" aria-labelledby="catalog-title" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h6" component="h2" id="catalog-title" gutterBottom>
        {translate('orderWizard.catalog.title')}
      </Typography>
      <Box role="search" aria-label={translate('orderWizard.catalog.filters')} sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <TextField type="search" label={translate('orderWizard.catalog.search')} value={text} onChange={(event) => setText(event.target.value)} slotProps={{ htmlInput: { maxLength: maxLengthOf(typologyFilterSchema.shape.q) } }} sx={{ flex: '1 1 240px' }} />
        <TextField
          select
          label={translate('orderWizard.catalog.valueKind')}
          value={kind}
          onChange={(event) => {
            setKind(event.target.value as ValueKind);
            setPages(1);
          }}
          sx={{ flex: '0 1 220px', minWidth: 160 }}
        >
          {(['all', 'fixed', 'variable'] as const).map((option) => (
            <MenuItem key={option} value={option}>
              {translate(`orderWizard.catalog.kind.${option}`)}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      {error ? (
        <ListLoadError error={error} onRetry={() => void refetch()} />
      ) : isPending ? (
        <CircularProgress aria-label={translate('ra.page.loading')} />
      ) : data.length === 0 ? (
        <Alert severity="info" role="status">
          {translate('orderWizard.catalog.empty')}
        </Alert>
      ) : (
        <Grid container spacing={2} role="list" aria-label={translate('orderWizard.catalog.title')}>
          {data.map((typology) => (
            <Grid key={typology.id} size={{ xs: 12, sm: 6, md: 4 }} role="listitem">
              <TypologyCard typology={typology} to={linkTo(typology)} state={linkState} />
            </Grid>
          ))}
        </Grid>
      )}
      {more && !error && (
        <Box sx={{ display: 'flex', justifyContent: 'center', pt: 2 }}>
          <Button variant="outlined" onClick={() => setPages((n) => n + 1)} disabled={isFetching} startIcon={isFetching ? <CircularProgress size={16} color="inherit" /> : undefined}>
            {translate('orderWizard.catalog.loadMore')}
          </Button>
        </Box>
      )}
    </Paper>
  );
}

function CreateCatalog({ type, companyId }: { type: ShippingType; companyId: string }) {
  const translate = useTranslate();
  const company = useCompanyName(companyId);
  const { state, draft } = useWizardRun();
  // this pass already made its draft (Back, reload): more products go to that draft
  if (draft) return <Navigate to={wizardPaths.addCatalog(draft, type)} replace />;
  return (
    <WizardPage
      title={translate('screens.orderCreate')}
      step="catalog"
      links={{ company: wizardPaths.company(type) }}
      linkState={state}
      back={{ to: wizardPaths.company(type), label: 'orderWizard.backToCompany' }}
      about={{ shippingType: type, companyName: company }}
    >
      <Catalog type={type} linkTo={(typology) => wizardPaths.customize(type, companyId, typology.id)} linkState={state} />
    </WizardPage>
  );
}

function AddCatalog({ order, urlType }: { order: OrderDetail; urlType: ShippingType | null }) {
  const translate = useTranslate();
  if (urlType !== order.shippingType) return <Navigate to={wizardPaths.addCatalog(order.id, order.shippingType)} replace />;
  return (
    <WizardPage
      title={translate('screens.orderAddItem')}
      step="catalog"
      links={{}}
      back={{ to: wizardPaths.recap(order.id), label: 'orderWizard.backToSummary' }}
      about={order}
    >
      <Catalog type={order.shippingType} linkTo={(typology) => wizardPaths.addItem(order.id, typology.id, order.shippingType)} />
    </WizardPage>
  );
}

/**
 * The catalog step: `create/{shippingType}/{subCompanyId}` before the draft exists,
 * `{id}/additem/catalog/{type}` to add another product to it.
 */
export default function CatalogStep() {
  const params = useParams();
  const translate = useTranslate();
  if (params.id) {
    const urlType = shippingTypeOf(params.type);
    return (
      <DraftGate id={params.id} fallbackTitle={translate('screens.orderAddItem')}>
        {(order) => <AddCatalog order={order} urlType={urlType} />}
      </DraftGate>
    );
  }
  const type = shippingTypeOf(params.shippingType);
  if (!type || !params.subCompanyId) return <Navigate to={wizardPaths.list()} replace />;
  return <CreateCatalog type={type} companyId={params.subCompanyId} />;
}

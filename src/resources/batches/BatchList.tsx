import AddIcon from '@mui/icons-material/Add';
import { Button } from '@mui/material';
import { useMemo } from 'react';
import { useCreatePath, useGetList, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { FieldSet } from '../../../domain/fields';
import type { Typology } from '../../../domain/giftcards';
import { batchFields } from '../../../domain/schemas/batch';
import { SchemaList } from '../../components/schema';
import { PageHeading } from '../../pages/PageHeading';
import { batchCells } from './BatchCells';
import { BATCHES, useBatchRight } from './useBatchRights';

/**
 * The typology filter chooses among the catalog's physical typologies, loaded once by name (the
 * API sorts typologies by name, SKU or date only, so the generic reference input's id sort
 * would be refused).
 */
function useBatchListFields(): FieldSet {
  const { data: typologies } = useGetList<Typology>('privative/typologies', { pagination: { page: 1, perPage: 100 }, sort: { field: 'name', order: 'ASC' }, filter: { type: 'PHYSICAL' } });
  return useMemo(
    () => ({
      ...batchFields,
      fields: batchFields.fields.map((field) =>
        field.source === 'typologyId' ? { ...field, kind: 'select' as const, reference: undefined, choices: (typologies ?? []).map((t) => ({ id: t.id, name: t.name })) } : field,
      ),
    }),
    [typologies],
  );
}

/**
 * /privative/batches/list: SPEC §3 batch fields with §4 state badges, filters (lot number,
 * typology, state, archive state), newest first, load more; the lot number links to the batch.
 * "Generate batch" for provider staff.
 */
export default function BatchList() {
  const translate = useTranslate();
  const createPath = useCreatePath();
  const canCreate = useBatchRight('create');
  const fields = useBatchListFields();
  return (
    <>
      <PageHeading title={translate('screens.batchList')} />
      <SchemaList
        fields={fields}
        sort={{ field: 'createdAt', order: 'DESC' }}
        filtersLabel="batches.list.filters"
        count="batches.list.count"
        empty="batches.list.empty"
        loadMore="batches.list.loadMore"
        disableSyncWithLocation={false}
        render={batchCells}
        actions={
          canCreate ? (
            <Button variant="contained" component={Link} to={createPath({ resource: BATCHES, type: 'create' })} startIcon={<AddIcon />}>
              {translate('batches.actions.create')}
            </Button>
          ) : null
        }
      />
    </>
  );
}

import AddIcon from '@mui/icons-material/Add';
import { Box, Button } from '@mui/material';
import { useMemo } from 'react';
import { useCreatePath, useGetList, useTranslate, type RaRecord } from 'react-admin';
import { Link } from 'react-router-dom';
import type { Batch } from '../../../domain/catalog';
import type { FieldSet } from '../../../domain/fields';
import type { Typology } from '../../../domain/giftcards';
import { batchFields } from '../../../domain/schemas/batch';
import { SchemaList } from '../../components/schema';
import { PageHeading } from '../../components/PageHeading';
import { batchListCells, useFormatCount } from './BatchCells';
import { isBatchWorking } from './isBatchWorking';
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
      fields: batchFields.fields.map((field) => {
        if (field.source === 'typologyId') return { ...field, kind: 'select' as const, reference: undefined, choices: (typologies ?? []).map((t) => ({ id: t.id, name: t.name })) };
        // one column for the range of progressives (from–to), so the table fits a laptop
        if (field.source === 'progressiveFrom') return { ...field, label: 'batches.fields.progressiveRange' };
        // who made the batch is on its page: the list keeps the columns that tell batches apart
        if (field.source === 'progressiveTo' || field.source === 'userName') return { ...field, column: false };
        return field;
      }),
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
  const formatCount = useFormatCount();
  return (
    // the filters side by side from tablets up (react-admin inputs are full width by default)
    // and narrower cell padding, so the SPEC §3 columns fit a laptop without scrolling
    <Box sx={{ '& form .MuiFormControl-root': { width: { sm: 'auto' }, minWidth: { sm: 200 } }, '& .MuiTableCell-root': { px: { md: 1.25 } } }}>
      <PageHeading title={translate('screens.batchList')} />
      <SchemaList
        fields={fields}
        pollWhile={(record) => isBatchWorking(record as Batch)}
        filtersLabel
        count
        disableSyncWithLocation={false}
        render={batchListCells}
        primaryText={(record: RaRecord) => `${(record as Batch).lotNumber} · ${translate('batches.list.cards', { smart_count: (record as Batch).quantity, quantity: formatCount((record as Batch).quantity) })}`}
        actions={
          canCreate ? (
            <Button variant="contained" component={Link} to={createPath({ resource: BATCHES, type: 'create' })} startIcon={<AddIcon />}>
              {translate('batches.actions.create')}
            </Button>
          ) : null
        }
      >
      </SchemaList>
    </Box>
  );
}

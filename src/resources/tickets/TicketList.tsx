import AddIcon from '@mui/icons-material/Add';
import { Button, FormControlLabel, MenuItem, Switch } from '@mui/material';
import { useState } from 'react';
import { CanAccess, useCreatePath, useGetList, useTranslate, type RaRecord } from 'react-admin';
import { Link } from 'react-router-dom';
import { ticketFields, type TicketCategory, type TicketListItem } from '../../../domain/schemas/tickets';
import { FormSelectField } from '../../components/FormSelectField';
import { PageHeading } from '../../components/PageHeading';
import { SchemaList } from '../../components/schema';
import { CATEGORIES, CATEGORY_NAME_SORT, TICKETS, useLocalized, useTicketRight } from './ticketShared';

/** The category filter: the categories the user may open tickets in or has seen, by their name in the user's language. */
function CategoryFilter() {
  const translate = useTranslate();
  const text = useLocalized();
  const { data } = useGetList<TicketCategory>(CATEGORIES, { pagination: { page: 1, perPage: 100 }, sort: CATEGORY_NAME_SORT });
  return (
    <FormSelectField name="categoryId" label={translate('tickets.filters.categoryId')} size="small" slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}>
      <MenuItem value="">{translate('tickets.filters.any')}</MenuItem>
      {(data ?? []).map((category) => (
        <MenuItem key={category.id} value={category.id}>
          {text(category.name)}
        </MenuItem>
      ))}
    </FormSelectField>
  );
}

export const ticketNumber = (ticket: Pick<TicketListItem, 'number'>) => `#${ticket.number}`;

/**
 * /tickets/list (SPEC §2, the section's index): the declared columns (number, dates, category in
 * the user's language, priority and status badges, agency, author), the declared filters, load
 * more; a row opens the ticket. Customers get their subtree's tickets, provider staff all (the API).
 */
export default function TicketList() {
  const translate = useTranslate();
  const text = useLocalized();
  const createPath = useCreatePath();
  const staff = useTicketRight('restore');
  // provider staff find deleted tickets here to restore them (customers never see them: the API)
  const [deleted, setDeleted] = useState(false);
  const item = (record: RaRecord) => record as TicketListItem;
  return (
    <>
      <PageHeading title={translate('screens.ticketList')} />
      <SchemaList
        key={deleted ? 'deleted' : 'open'}
        fields={ticketFields}
        filter={deleted ? { deleted: true } : undefined}
        empty={deleted ? 'tickets.list.emptyDeleted' : undefined}
        count
        countMore
        disableSyncWithLocation={false}
        filterInputs={{ categoryId: <CategoryFilter /> }}
        render={{
          number: (record) => ticketNumber(item(record)),
          categoryName: (record) => text(item(record).categoryName),
        }}
        primaryText={(record) => `${ticketNumber(item(record))} · ${text(item(record).categoryName)}`}
        actions={
          <>
            {staff && <FormControlLabel control={<Switch checked={deleted} onChange={(event) => setDeleted(event.target.checked)} />} label={translate('tickets.list.showDeleted')} />}
            <CanAccess resource={TICKETS} action="create">
              <Button variant="contained" component={Link} to={createPath({ resource: TICKETS, type: 'create' })} startIcon={<AddIcon />}>
                {translate('tickets.list.create')}
              </Button>
            </CanAccess>
          </>
        }
      />
    </>
  );
}

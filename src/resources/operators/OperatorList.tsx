import AddIcon from '@mui/icons-material/Add';
import { Box, Button, Card, Chip, Typography } from '@mui/material';
import { useState } from 'react';
import { DataTable, InfiniteListBase, useTranslate } from 'react-admin';
import type { OperatorRecord } from '../../../domain/schemas/companies-api';
import { readCompanyId } from '../../authProvider/session';
import { LoadMoreButton } from '../../components/LoadMoreButton';
import { COMPANIES_PAGE_SIZE, OPERATORS_RESOURCE } from '../companies/companyPaths';
import { ListSearchField } from '../companies/ListSearchField';
import { OperatorDialog } from './OperatorDialog';

const STATUS_COLORS = { ACTIVE: 'success', PENDING_ACTIVATION: 'warning', DISABLED: 'default' } as const;

function StatusChip({ record }: { record: OperatorRecord }) {
  const translate = useTranslate();
  return <Chip size="small" color={STATUS_COLORS[record.status]} label={translate(`companies.status.${record.status}`)} />;
}

/** The operators tab: operators of every company in scope; a row opens the operator form. */
export function OperatorList() {
  const translate = useTranslate();
  const [editing, setEditing] = useState<OperatorRecord | 'new' | null>(null);
  const label = (key: string) => translate(`companies.contactFields.${key}`);
  return (
    <InfiniteListBase<OperatorRecord> resource={OPERATORS_RESOURCE} perPage={COMPANIES_PAGE_SIZE} sort={{ field: 'lastName', order: 'ASC' }} disableAuthentication disableSyncWithLocation>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <ListSearchField label={translate('companies.operators.search')} />
        <Button variant="contained" onClick={() => setEditing('new')} startIcon={<AddIcon />}>
          {translate('companies.operators.create')}
        </Button>
      </Box>
      <Card variant="outlined">
        <DataTable<OperatorRecord>
          rowClick={(_id, _resource, record) => (setEditing(record as OperatorRecord), false)}
          bulkActionButtons={false}
          empty={
            <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
              {translate('companies.operators.empty')}
            </Typography>
          }
        >
          <DataTable.Col source="lastName" label={label('lastName')} />
          <DataTable.Col source="firstName" label={label('firstName')} />
          <DataTable.Col source="email" label={label('email')} />
          <DataTable.Col source="phone" label={label('phone')} disableSort render={(r: OperatorRecord) => [r.phoneCountry, r.phone].filter(Boolean).join(' ')} />
          <DataTable.Col source="companyName" label={translate('companies.operators.company')} />
          <DataTable.Col source="status" label={translate('companies.operators.status')} render={(r: OperatorRecord) => <StatusChip record={r} />} />
        </DataTable>
      </Card>
      <LoadMoreButton label={translate('companies.list.loadMore')} />
      {editing && <OperatorDialog operator={editing === 'new' ? undefined : editing} defaultCompanyId={readCompanyId() ?? ''} onClose={() => setEditing(null)} />}
    </InfiniteListBase>
  );
}

import AddIcon from '@mui/icons-material/Add';
import { Button } from '@mui/material';
import { useState } from 'react';
import { CanAccess, useCanAccess, useTranslate, type Identifier, type RaRecord } from 'react-admin';
import { operatorFields } from '../../../domain/schemas/operator';
import type { OperatorRecord } from '../../../domain/schemas/companies-api';
import { SchemaList } from '../../components/schema';
import { OperatorDialog, OPERATORS } from './OperatorDialog';

const phone = (record: RaRecord) => [(record as OperatorRecord).phoneCountry, (record as OperatorRecord).phone].filter(Boolean).join(' ') || '—';

/**
 * The operators tab of the companies registry: the declared operator columns and filters; a row
 * opens the operator form in a dialog (SPEC has no operator page).
 */
export function OperatorList() {
  const translate = useTranslate();
  const [editing, setEditing] = useState<Identifier | 'new' | null>(null);
  const { canAccess: canEdit } = useCanAccess({ resource: OPERATORS, action: 'edit' });
  return (
    <SchemaList
      fields={operatorFields}
      sort={{ field: 'lastName', order: 'ASC' }}
      search="companies.operators.search"
      empty="companies.operators.empty"
      loadMore="companies.list.loadMore"
      rowClick={canEdit ? (id) => (setEditing(id), false) : false}
      render={{ phone }}
      actions={
        <CanAccess resource={OPERATORS} action="create">
          <Button variant="contained" onClick={() => setEditing('new')} startIcon={<AddIcon />}>
            {translate('companies.operators.create')}
          </Button>
        </CanAccess>
      }
    >
      {editing && <OperatorDialog operatorId={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />}
    </SchemaList>
  );
}

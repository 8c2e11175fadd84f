import AddIcon from '@mui/icons-material/Add';
import { Button } from '@mui/material';
import { CanAccess, useCanAccess, useTranslate, type RaRecord } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { operatorFields } from '../../../domain/schemas/operator';
import type { OperatorRecord } from '../../../domain/schemas/companies-api';
import { SchemaList } from '../../components/schema';
import { OperatorDialog, OPERATORS } from './OperatorDialog';

const phone = (record: RaRecord) => [(record as OperatorRecord).phoneCountry, (record as OperatorRecord).phone].filter(Boolean).join(' ') || '—';
const fullName = (record: RaRecord) => `${(record as OperatorRecord).firstName} ${(record as OperatorRecord).lastName}`;

/**
 * The operators tab of the companies registry: the declared operator columns and filters, the
 * count; an operator's name is a link (`?tab=operators&operator={id}`) that opens the operator
 * form in a dialog (SPEC has no operator page), so the dialog has an address and Tab + Enter
 * open it. `?companyId=` opens the tab on the operators of one company (the refused company
 * delete links here). What the dialog offers on an operator is what its record's `actions` say
 * (nothing but reading on one holding permissions the caller lacks, with a note why).
 */
export function OperatorList() {
  const translate = useTranslate();
  const [search, setSearch] = useSearchParams();
  const { canAccess: canShow } = useCanAccess({ resource: OPERATORS, action: 'show' });
  const { canAccess: canCreate } = useCanAccess({ resource: OPERATORS, action: 'create' });
  const editing = search.get('operator');
  const companyId = search.get('companyId');
  const open = (value: string | null) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set('operator', value);
        else next.delete('operator');
        return next;
      },
      { replace: value === null },
    );
  const link = (record: RaRecord) => {
    if (!canShow) return false;
    const next = new URLSearchParams(search);
    next.set('operator', String(record.id));
    return `?${next.toString()}`;
  };
  return (
    <SchemaList
      fields={operatorFields}
      search
      filtersLabel="companies.list.filters"
      count
      filterDefaultValues={companyId ? { companyId } : undefined}
      link={link}
      primaryText={fullName}
      render={{ phone }}
      actions={
        <CanAccess resource={OPERATORS} action="create">
          <Button variant="contained" onClick={() => open('new')} startIcon={<AddIcon />}>
            {translate('companies.operators.create')}
          </Button>
        </CanAccess>
      }
    >
      {editing && (editing === 'new' ? canCreate : canShow) && <OperatorDialog operatorId={editing === 'new' ? undefined : editing} onClose={() => open(null)} />}
    </SchemaList>
  );
}

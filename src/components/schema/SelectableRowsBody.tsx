import { Checkbox, TableCell, TableRow, type TableRowProps } from '@mui/material';
import type { MouseEvent } from 'react';
import {
  DataTableBody,
  useCreatePath,
  useDataTableCallbacksContext,
  useDataTableConfigContext,
  useDataTableSelectedIdsContext,
  useRecordContext,
  useResourceContext,
  useTranslate,
  type DataTableBodyProps,
  type RaRecord,
} from 'react-admin';
import { useNavigate } from 'react-router-dom';

/** A click on a link, button or checkbox of the row does its own thing, not the row's. */
const fromControl = (event: MouseEvent) => Boolean((event.target as HTMLElement).closest('a, button, input, label, [role="menuitem"]'));

export interface SelectableRowsOptions {
  /** the i18n key of a row's checkbox name ("Select card {{code}}"), given `params(record)` */
  selectLabel: string;
  params: (record: RaRecord) => Record<string, unknown>;
  /** a mouse click anywhere on the row opens the record (the keyboard does it through the row's link) */
  openOnClick?: boolean;
}

/**
 * A DataTable body (SchemaList's `body`) whose rows' selection checkboxes are named after the
 * record ("Select card ABCD…"), with the name on the input itself: react-admin's row puts
 * `aria-label` on the checkbox's span, which leaves the input nameless and the span with a
 * prohibited attribute. Made once per list, at module level.
 */
export function selectableRowsBody({ selectLabel, params, openOnClick = false }: SelectableRowsOptions) {
  function SelectableRow({ children, className, sx }: TableRowProps) {
    const translate = useTranslate();
    const navigate = useNavigate();
    const createPath = useCreatePath();
    const resource = useResourceContext();
    const record = useRecordContext();
    const { hasBulkActions } = useDataTableConfigContext();
    const { handleToggleItem } = useDataTableCallbacksContext();
    const selectedIds = useDataTableSelectedIdsContext();
    if (!record) return null;
    const open = (event: MouseEvent) => {
      if (fromControl(event) || window.getSelection()?.toString()) return;
      navigate(createPath({ resource, type: 'edit', id: record.id }));
    };
    return (
      <TableRow hover className={className} sx={openOnClick ? { cursor: 'pointer', ...sx } : sx} onClick={openOnClick ? open : undefined}>
        {hasBulkActions && handleToggleItem && (
          <TableCell padding="checkbox">
            <Checkbox
              checked={selectedIds?.includes(record.id) ?? false}
              onClick={(event) => {
                event.stopPropagation();
                handleToggleItem(record.id, event);
              }}
              slotProps={{ input: { 'aria-label': translate(selectLabel, params(record)) } }}
            />
          </TableCell>
        )}
        {children}
      </TableRow>
    );
  }
  return function SelectableRowsBody(props: DataTableBodyProps) {
    return <DataTableBody {...props} row={SelectableRow} />;
  };
}

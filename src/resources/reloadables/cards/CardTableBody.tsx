import { Checkbox, TableCell, TableRow, type TableRowProps } from '@mui/material';
import { DataTableBody, useDataTableCallbacksContext, useDataTableConfigContext, useDataTableSelectedIdsContext, useRecordContext, useTranslate, type DataTableBodyProps } from 'react-admin';
import type { ReloadableCard } from '../../../../domain/reloadables';

/**
 * A card row whose selection checkbox is named after the card ("Select card 5350…"), with the
 * name on the input itself (react-admin's row names the checkbox's span, leaving the input nameless).
 */
function CardRow({ children, className, sx }: TableRowProps) {
  const translate = useTranslate();
  const card = useRecordContext<ReloadableCard>();
  const { hasBulkActions } = useDataTableConfigContext();
  const { handleToggleItem } = useDataTableCallbacksContext();
  const selectedIds = useDataTableSelectedIdsContext();
  if (!card) return null;
  return (
    <TableRow hover className={className} sx={sx}>
      {hasBulkActions && handleToggleItem && (
        <TableCell padding="checkbox">
          <Checkbox
            checked={selectedIds?.includes(card.id) ?? false}
            onClick={(event) => handleToggleItem(card.id, event)}
            slotProps={{ input: { 'aria-label': translate('reloadables.cards.select', { number: card.number }) } }}
          />
        </TableCell>
      )}
      {children}
    </TableRow>
  );
}

export function CardTableBody(props: DataTableBodyProps) {
  return <DataTableBody {...props} row={CardRow} />;
}

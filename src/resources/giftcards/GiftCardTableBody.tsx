import { Checkbox, TableCell, TableRow, type TableRowProps } from '@mui/material';
import type { MouseEvent } from 'react';
import {
  DataTableBody,
  useCreatePath,
  useDataTableCallbacksContext,
  useDataTableConfigContext,
  useDataTableSelectedIdsContext,
  useRecordContext,
  useTranslate,
  type DataTableBodyProps,
} from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { GiftCard } from '../../../domain/giftcards';

const RESOURCE = 'privative/giftcards';

/** A click on a link, button or checkbox of the row does its own thing, not the row's. */
const fromControl = (event: MouseEvent) => Boolean((event.target as HTMLElement).closest('a, button, input, label, [role="menuitem"]'));

/**
 * A card row: its selection checkbox is named after the card ("Select card ABCD…"), with the
 * name on the input itself (react-admin's row puts `aria-label` on the checkbox's span, which
 * leaves the input nameless and the span with a prohibited attribute). A mouse click anywhere
 * on the row opens the card; the keyboard does it through the code's link, the row's first stop.
 */
function GiftCardRow({ children, className, sx }: TableRowProps) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const createPath = useCreatePath();
  const card = useRecordContext<GiftCard>();
  const { hasBulkActions } = useDataTableConfigContext();
  const { handleToggleItem } = useDataTableCallbacksContext();
  const selectedIds = useDataTableSelectedIdsContext();
  if (!card) return null;
  const open = (event: MouseEvent) => {
    if (fromControl(event) || window.getSelection()?.toString()) return;
    navigate(createPath({ resource: RESOURCE, type: 'edit', id: card.id }));
  };
  return (
    <TableRow hover className={className} sx={{ cursor: 'pointer', ...sx }} onClick={open}>
      {hasBulkActions && handleToggleItem && (
        <TableCell padding="checkbox">
          <Checkbox
            checked={selectedIds?.includes(card.id) ?? false}
            onClick={(event) => {
              event.stopPropagation();
              handleToggleItem(card.id, event);
            }}
            slotProps={{ input: { 'aria-label': translate('giftcards.list.selectCard', { code: card.code }) } }}
          />
        </TableCell>
      )}
      {children}
    </TableRow>
  );
}

export function GiftCardTableBody(props: DataTableBodyProps) {
  return <DataTableBody {...props} row={GiftCardRow} />;
}

import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import DownloadIcon from '@mui/icons-material/Download';
import { Button, CircularProgress, Menu, MenuItem } from '@mui/material';
import { useState } from 'react';
import { useListContext, useRefresh, useTranslate } from 'react-admin';
import { useCanAccessAtOnce } from '../../authProvider/useCanAccessAtOnce';
import { BULK_ACTIONS, type BulkAction, type CardFilter } from '../../../domain/giftcards';
import { BulkActionDialog } from './BulkActionDialog';
import { useGiftCardExport } from './useGiftCardExport';

const RESOURCE = 'privative/giftcards';

/**
 * Beside the filters: download of the filtered list ('export'), and bulk actions on the whole
 * filtered set ('bulk'), each shown to users the access table allows.
 */
export function GiftCardListActions() {
  const translate = useTranslate();
  const { canAccess: canExport } = useCanAccessAtOnce({ resource: RESOURCE, action: 'export' });
  const { canAccess: canBulk } = useCanAccessAtOnce({ resource: RESOURCE, action: 'bulk' });
  const refresh = useRefresh();
  const { filterValues } = useListContext();
  const filter = filterValues as CardFilter;
  const { download, busy } = useGiftCardExport();
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const [action, setAction] = useState<BulkAction | null>(null);

  return (
    <>
      {canExport && (
        <Button
          variant="outlined"
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <DownloadIcon />}
          disabled={busy}
          onClick={() => void download(filter)}
        >
          {translate('giftcards.list.download')}
        </Button>
      )}
      {canBulk && (
        <Button
          variant="outlined"
          endIcon={<ArrowDropDownIcon />}
          aria-haspopup="menu"
          aria-expanded={Boolean(menuAnchor)}
          onClick={(event) => setMenuAnchor(event.currentTarget)}
        >
          {translate('giftcards.list.filteredActions')}
        </Button>
      )}
      <Menu anchorEl={menuAnchor} open={Boolean(menuAnchor)} onClose={() => setMenuAnchor(null)}>
        {BULK_ACTIONS.map((candidate) => (
          <MenuItem
            key={candidate}
            onClick={() => {
              setMenuAnchor(null);
              setAction(candidate);
            }}
          >
            {translate(`giftcards.bulk.actions.${candidate}`)}
          </MenuItem>
        ))}
      </Menu>
      {action && <BulkActionDialog action={action} target={{ filter }} onClose={() => setAction(null)} onDone={refresh} />}
    </>
  );
}

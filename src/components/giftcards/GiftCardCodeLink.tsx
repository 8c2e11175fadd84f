import { Link as MuiLink, Typography } from '@mui/material';
import { useCreatePath, useRecordContext } from 'react-admin';
import { Link } from 'react-router-dom';
import { useCanAccessAtOnce } from '../../authProvider/useCanAccessAtOnce';

const RESOURCE = 'privative/giftcards';

/**
 * A card's code as a real link to its page (`/privative/giftcards/{id}`): reachable with Tab,
 * opens with Enter, in a new tab with the browser's own gestures. Plain text for users who may
 * not open a card. Reads `{code, id}` or `{cardCode, cardId}` (a transaction) from the record.
 */
export function GiftCardCodeLink() {
  const record = useRecordContext<{ id: string; code?: string; cardId?: string; cardCode?: string }>();
  const createPath = useCreatePath();
  // answered in the first render: a query per row (its key carries the row) would re-render the list row by row
  const { canAccess } = useCanAccessAtOnce({ resource: RESOURCE, action: 'show' });
  if (!record) return null;
  const code = record.cardCode ?? record.code ?? '';
  const id = record.cardId ?? record.id;
  const sx = { fontFamily: 'monospace', whiteSpace: 'nowrap' } as const;
  if (!canAccess) {
    return (
      <Typography component="span" variant="body2" sx={sx}>
        {code}
      </Typography>
    );
  }
  return (
    <MuiLink component={Link} to={createPath({ resource: RESOURCE, type: 'edit', id })} sx={sx}>
      {code}
    </MuiLink>
  );
}

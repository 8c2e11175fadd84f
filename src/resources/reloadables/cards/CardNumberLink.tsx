import { Link as MuiLink, Typography } from '@mui/material';
import { useCanAccess, useCreatePath, useRecordContext } from 'react-admin';
import { Link } from 'react-router-dom';
import type { ReloadableCard } from '../../../../domain/reloadables';
import { CARDS } from './useCardActions';

/** A card's number as the link to its page (`/reloadables/cards/{id}`); plain text for users who may not open it. */
export function CardNumberLink({ card: given }: { card?: Pick<ReloadableCard, 'id' | 'number'> }) {
  const record = useRecordContext<ReloadableCard>();
  const createPath = useCreatePath();
  const { canAccess } = useCanAccess({ resource: CARDS, action: 'show' });
  const card = given ?? record;
  if (!card) return null;
  const sx = { fontFamily: 'monospace', whiteSpace: 'nowrap' } as const;
  if (!canAccess) {
    return (
      <Typography component="span" variant="body2" sx={sx}>
        {card.number}
      </Typography>
    );
  }
  return (
    <MuiLink component={Link} to={createPath({ resource: CARDS, type: 'edit', id: card.id })} sx={sx}>
      {card.number}
    </MuiLink>
  );
}

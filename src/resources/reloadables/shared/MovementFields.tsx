import { Link as MuiLink, Typography } from '@mui/material';
import { useCreatePath, useRecordContext, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { movementKindOf, type WalletMovement } from '../../../../domain/reloadables';
import { useFormatCents } from '../../../components/MoneyField';

/**
 * "Card reload" / "Wallet reload" (SPEC §3 reload type), "Transfer" for a transfer (domain
 * `movementKindOf`: the same words as the CSV), with its reason below (funding, transfer in or out).
 */
export function MovementTypeField() {
  const translate = useTranslate();
  const movement = useRecordContext<WalletMovement>();
  if (!movement) return null;
  return (
    <>
      <Typography variant="body2" component="div" sx={{ whiteSpace: 'nowrap' }}>
        {translate(`reloadables.movementType.${movementKindOf(movement)}`)}
      </Typography>
      {movement.reason !== 'CARD_RELOAD' && (
        <Typography variant="caption" color="text.secondary" component="div">
          {translate(`reloadables.movementReason.${movement.reason}`)}
        </Typography>
      )}
    </>
  );
}

/** The signed amount: + into the wallet (green), − out of it. */
export function MovementAmountField() {
  const formatCents = useFormatCents();
  const movement = useRecordContext<WalletMovement>();
  if (!movement) return null;
  const positive = movement.amountCents > 0;
  return (
    <Typography component="span" variant="body2" sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums', fontWeight: 600, color: positive ? 'success.dark' : 'text.primary' }}>
      {positive ? `+${formatCents(movement.amountCents)}` : formatCents(movement.amountCents)}
    </Typography>
  );
}

/** The card a reload went to (its page) and the run it belonged to (the run's detail in the reload history). */
export function MovementCardField() {
  const createPath = useCreatePath();
  const movement = useRecordContext<WalletMovement>();
  if (!movement?.cardNumber) return null;
  return (
    <>
      {movement.cardId ? (
        <MuiLink component={Link} to={createPath({ resource: 'reloadables/cards', type: 'edit', id: movement.cardId })} sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap', display: 'block' }}>
          {movement.cardNumber}
        </MuiLink>
      ) : (
        <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
          {movement.cardNumber}
        </Typography>
      )}
      <MovementRunLink />
    </>
  );
}

/** The reload run a movement came from, by its number. */
export function MovementRunLink() {
  const translate = useTranslate();
  const createPath = useCreatePath();
  const movement = useRecordContext<WalletMovement>();
  if (!movement?.runId) return null;
  return (
    <MuiLink component={Link} variant="caption" to={createPath({ resource: 'reloadables/reloads-history', type: 'edit', id: movement.runId })}
      // a touch target of 24 px at least (WCAG 2.5.8), even as a small caption under the card number
      sx={{ whiteSpace: 'nowrap', display: 'inline-block', minHeight: 24, lineHeight: '24px' }}
    >
      {movement.runNumber ?? translate('reloadables.movements.run')}
    </MuiLink>
  );
}

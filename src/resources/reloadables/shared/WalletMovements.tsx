import DownloadIcon from '@mui/icons-material/Download';
import { Box, Button, CircularProgress, Typography } from '@mui/material';
import { useCanAccess, useListContext, useTranslate, type Identifier } from 'react-admin';
import type { WalletMovement, WalletMovementFilter } from '../../../../domain/reloadables';
import { walletMovementFields } from '../../../../domain/schemas/wallet-movements';
import { type ColumnRender, CompactRows, SchemaList } from '../../../components/schema';
import { MovementAmountField, MovementCardField, MovementRunLink, MovementTypeField } from './MovementFields';
import { useMovementExport } from './useMovementExport';

type Resource = 'reloadables/wallet' | 'reloadables/walletSubCompanies-movements';

function DownloadButton({ resource, fileStem, subCompanyId }: { resource: Resource; fileStem: string; subCompanyId?: Identifier }) {
  const translate = useTranslate();
  const { canAccess } = useCanAccess({ resource, action: 'export' });
  const { filterValues } = useListContext();
  const { download, busy } = useMovementExport(fileStem, subCompanyId);
  if (!canAccess) return null;
  return (
    <Button
      variant="outlined"
      startIcon={busy ? <CircularProgress size={16} color="inherit" aria-label={translate('reloadables.movements.downloading')} /> : <DownloadIcon />}
      disabled={busy}
      onClick={() => void download(filterValues as WalletMovementFilter)}
    >
      {translate('reloadables.movements.download')}
    </Button>
  );
}

/** Who the movement was with (the other wallet of a transfer), and the note written with it (a funding's or a transfer's, as the CSV has it). */
function Counterpart({ movement }: { movement: WalletMovement }) {
  const translate = useTranslate();
  return (
    <>
      {movement.counterpartCompanyName ?? ''}
      {movement.note && (
        <Typography variant="caption" color="text.secondary" component="div" sx={{ overflowWrap: 'anywhere' }}>
          {`${translate('reloadables.movements.fields.note')}: ${movement.note}`}
        </Typography>
      )}
    </>
  );
}

/** The type in words with its reason, the signed amount, the counterpart with the note, the card (or the run). */
const RENDER: ColumnRender = {
  type: () => <MovementTypeField />,
  amountCents: () => <MovementAmountField />,
  counterpartCompanyName: (movement) => <Counterpart movement={movement as WalletMovement} />,
  cardNumber: (movement) => (movement.cardNumber ? <MovementCardField /> : <MovementRunLink />),
};

/** Phones: type and amount on the first line; date, balance after, counterpart, user and note on the second; the card or the run below. */
function CompactMovements() {
  const translate = useTranslate();
  const label = (key: string) => translate(`reloadables.movements.fields.${key}`);
  return (
    <CompactRows<WalletMovement>
      fields={walletMovementFields}
      label="reloadables.movements.title"
      line={() => (
        <>
          <Box sx={{ flexGrow: 1 }}>
            <MovementTypeField />
          </Box>
          <MovementAmountField />
        </>
      )}
      secondary={(movement, text) => [text('createdAt'), `${label('balanceAfter')} ${text('balanceAfterCents')}`, text('counterpartCompanyName'), text('userName'), movement.note && `${label('note')}: ${movement.note}`]}
      below={(movement) => (movement.cardNumber ? <MovementCardField /> : <MovementRunLink />)}
    />
  );
}

/**
 * A wallet's movements, newest first (SPEC §3 "reload type, amount and balance"): filters (type,
 * reason, date range), a count, the CSV download, load more. `resource` is the wallet's
 * (`reloadables/wallet`) or a sub-company's (`reloadables/walletSubCompanies-movements`, with
 * `subCompanyId` as its permanent filter).
 */
export function WalletMovements({ resource, fileStem, subCompanyId }: { resource: Resource; fileStem: string; subCompanyId?: Identifier }) {
  const translate = useTranslate();
  return (
    <Box component="section" aria-labelledby="wallet-movements-title">
      <Typography variant="h6" component="h2" id="wallet-movements-title" sx={{ mb: 1 }}>
        {translate('reloadables.movements.title')}
      </Typography>
      <SchemaList
        fields={walletMovementFields}
        resource={resource}
        filter={subCompanyId === undefined ? undefined : { subCompanyId }}
        storeKey={false}
        actions={<DownloadButton resource={resource} fileStem={fileStem} subCompanyId={subCompanyId} />}
        count
        countMore
        rowClick={false}
        link={false}
        render={RENDER}
        compact={<CompactMovements />}
      />
    </Box>
  );
}

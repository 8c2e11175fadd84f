import { Box, Button, CircularProgress, Typography } from '@mui/material';
import { useState } from 'react';
import { useCreatePath, useDataProvider, useRefresh, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { SQUARE_ORDER_ACTIONS, type SquareOrderAction } from '../../../domain/square';
import type { SquareOrder } from '../../../domain/schemas/square';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useBusyRun } from '../../components/useBusyRun';
import type { TesseraDataProvider } from '../../dataProvider/types';

/** Actions that cannot be taken back ask first: delete and cancel (red), confirm (the order is frozen) and activate (every recipient is mailed). */
const ASKED: readonly SquareOrderAction[] = ['confirm', 'activate', 'delete', 'cancel'];
const DESTRUCTIVE: readonly SquareOrderAction[] = ['delete', 'cancel'];
/** After an action, the button that carries on from it (confirm → approve or activate, approve → activate), else the page heading. */
export const SQUARE_ORDER_NEXT: Record<SquareOrderAction, readonly SquareOrderAction[]> = { confirm: ['approve', 'activate'], approve: ['activate'], activate: [], delete: [], cancel: [] };
const PRIMARY: readonly SquareOrderAction[] = ['confirm', 'approve', 'activate'];

/**
 * The order's actions: exactly the ones the server lists for this order and viewer
 * (`record.actions`, domain `squareOrderActionsFor`), so nothing is offered that it would refuse.
 * Confirm, activate, delete and cancel ask first, saying what will happen (the dialog stays open on failure, to retry); a refusal shows the
 * catalogue text of its code (SQUARE_CODES_SPENT, SQUARE_ORDER_STATE_INVALID…).
 */
export function SquareOrderActions({ order, onActed }: { order: SquareOrder; onActed?: (action: SquareOrderAction) => void }) {
  const translate = useTranslate();
  const refresh = useRefresh();
  const navigate = useNavigate();
  const createPath = useCreatePath();
  const dataProvider = useDataProvider<TesseraDataProvider>();
  const { busy, run } = useBusyRun<SquareOrderAction>();
  const [asking, setAsking] = useState<SquareOrderAction | null>(null);
  const actions = SQUARE_ORDER_ACTIONS.filter((action) => order.actions.includes(action));
  if (actions.length === 0) return null;

  const act = async (action: SquareOrderAction) => {
    const work = action === 'delete' ? () => dataProvider.deleteSquareOrder(order.id) : () => dataProvider.moveSquareOrder(order.id, action);
    if (!(await run(work, { key: action, done: `square.success.${action}`, failure: 'messages.unableToPerformAction' }))) return;
    setAsking(null);
    onActed?.(action);
    if (action === 'delete') navigate(createPath({ resource: 'square/orders', type: 'list' }));
    else refresh();
  };

  return (
    <Box component="section" aria-label={translate('square.detail.actions')} sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      {actions.map((action) => (
        <Button
          key={action}
          variant={PRIMARY.includes(action) ? 'contained' : 'outlined'}
          color={DESTRUCTIVE.includes(action) ? 'error' : 'primary'}
          data-square-action={action}
          disabled={busy !== null}
          startIcon={busy === action && !asking ? <CircularProgress size={16} color="inherit" /> : undefined}
          onClick={() => (ASKED.includes(action) ? setAsking(action) : void act(action))}
        >
          {translate(`square.actions.${action}`)}
        </Button>
      ))}
      {asking && (
        <ConfirmDialog
          open
          title={translate(`square.confirmDialog.${asking}Title`, { number: order.orderNumber })}
          confirmLabel={translate(`square.actions.${asking}`)}
          confirmColor={DESTRUCTIVE.includes(asking) ? 'error' : 'primary'}
          dismissLabelKey={asking === 'cancel' ? 'square.actions.keep' : 'ra.action.cancel'}
          busy={busy === asking}
          onConfirm={() => void act(asking)}
          onClose={() => setAsking(null)}
        >
          <Typography>
            {asking === 'confirm'
              ? translate('square.confirmDialog.confirmText', { smart_count: order.totalQuantity })
              : asking === 'activate'
                ? translate('square.confirmDialog.activateText', { smart_count: order.totalQuantity })
                : asking === 'delete'
                  ? translate('square.confirmDialog.deleteText')
                  : translate('square.confirmDialog.cancelText')}
          </Typography>
        </ConfirmDialog>
      )}
    </Box>
  );
}

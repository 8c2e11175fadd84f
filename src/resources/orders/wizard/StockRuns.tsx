import { Alert, Box, Button, Chip, CircularProgress, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import { stockSegments, type OrderStockRun, type ProgressiveRange } from '../../../../domain/orders';
import type { TesseraDataProvider } from '../../../dataProvider/types';

/**
 * The unsold physical stock of the typology the order may draw ranges from (`GET orders/stock`):
 * runs of consecutive progressives per lot, largest first, each with a button that puts it (or the
 * part the cart still needs) in the ranges. What the cart already holds (`cart`: the ranges typed
 * and the order's other products of this typology) is marked "in the cart" and offered no more.
 */
export function StockRuns({ typologyId, cart, onUse }: { typologyId: string; cart: readonly ProgressiveRange[]; onUse: (run: OrderStockRun) => void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<TesseraDataProvider>();
  const { data, isPending, error, refetch } = useQuery({
    queryKey: ['privative-orders/orders', 'stock', typologyId],
    queryFn: ({ signal }) => dataProvider.orderStock(typologyId, signal),
  });
  const cartKey = JSON.stringify(cart);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the cart's content, not its identity
  const segments = useMemo(() => (data ? stockSegments(data, cart) : []), [data, cartKey]);
  return (
    <Box component="section" aria-labelledby="stock-title" sx={{ mt: 2 }}>
      <Typography variant="subtitle1" component="h3" id="stock-title" sx={{ fontWeight: 600 }}>
        {translate('orderWizard.stock.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate('orderWizard.stock.help')}
      </Typography>
      {error ? (
        <Alert
          severity="error"
          role="alert"
          sx={{ mt: 1 }}
          action={
            <Button color="inherit" size="small" onClick={() => void refetch()}>
              {translate('errors.retry')}
            </Button>
          }
        >
          {translate('orderWizard.stock.error')}
        </Alert>
      ) : isPending ? (
        <CircularProgress size={24} aria-label={translate('ra.page.loading')} sx={{ mt: 1 }} />
      ) : data.length === 0 ? (
        <Alert severity="warning" role="status" sx={{ mt: 1 }}>
          {translate('orderWizard.stock.empty')}
        </Alert>
      ) : (
        <List dense aria-label={translate('orderWizard.stock.title')} data-testid="stock-runs" sx={{ maxHeight: 360, overflowY: 'auto', border: 1, borderColor: 'divider', borderRadius: 1, mt: 1, py: 0 }}>
          {segments.map((run) => {
            const span = run.from === run.to ? translate('orderWizard.stock.runOne', { from: String(run.from) }) : translate('orderWizard.stock.run', { from: String(run.from), to: String(run.to) });
            return (
              <ListItem
                key={`${run.lotNumber ?? ''}-${run.from}`}
                divider
                data-in-cart={run.inCart || undefined}
                secondaryAction={
                  run.inCart ? (
                    <Chip size="small" label={translate('orderWizard.stock.inCart')} />
                  ) : (
                    <Button size="small" variant="outlined" onClick={() => onUse(run)} aria-label={translate('orderWizard.stock.useNamed', { span })}>
                      {translate('orderWizard.stock.use')}
                    </Button>
                  )
                }
                sx={{ pr: 16, ...(run.inCart ? { color: 'text.secondary' } : {}) }}
              >
                <ListItemText
                  primary={span}
                  secondary={[run.lotNumber ? translate('orderWizard.stock.lot', { lot: run.lotNumber }) : null, translate('orderWizard.cards', { smart_count: run.count })].filter(Boolean).join(' · ')}
                />
              </ListItem>
            );
          })}
        </List>
      )}
    </Box>
  );
}

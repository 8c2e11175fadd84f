import { Alert, Box, Button, CircularProgress, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import type { OrderStockRun } from '../../../../domain/orders';
import type { TesseraDataProvider } from '../../../dataProvider/types';

/**
 * The unsold physical stock of the typology the order may draw ranges from (`GET orders/stock`):
 * runs of consecutive progressives per lot, each with a button that puts it (or the part the cart
 * still needs) in the ranges.
 */
export function StockRuns({ typologyId, onUse }: { typologyId: string; onUse: (run: OrderStockRun) => void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<TesseraDataProvider>();
  const { data, isPending, error, refetch } = useQuery({
    queryKey: ['privative-orders/orders', 'stock', typologyId],
    queryFn: ({ signal }) => dataProvider.orderStock(typologyId, signal),
  });
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
          {data.map((run) => {
            const span = translate('orderWizard.stock.run', { from: String(run.from), to: String(run.to) });
            return (
              <ListItem
                key={`${run.lotNumber ?? ''}-${run.from}`}
                divider
                secondaryAction={
                  <Button size="small" variant="outlined" onClick={() => onUse(run)} aria-label={translate('orderWizard.stock.useNamed', { span })}>
                    {translate('orderWizard.stock.use')}
                  </Button>
                }
                sx={{ pr: 12 }}
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

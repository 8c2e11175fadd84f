import { Alert, Box, Button, DialogActions, DialogContent, DialogTitle, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { CardBulkResult } from '../../../../domain/reloadables';
import { ModalDialog } from '../../../components/ModalDialog';

/** The operation summary of a bulk card action (as the gift-card list's): how many succeeded, and why each other did not. */
export function CardOperationSummary({ result, onClose }: { result: CardBulkResult; onClose: () => void }) {
  const translate = useTranslate();
  const reason = (code: string) => translate(`errors.codes.${code}`, { _: translate('messages.operationFailed') });
  return (
    <ModalDialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="card-summary-title">
      <DialogTitle id="card-summary-title">{translate('reloadables.summary.title')}</DialogTitle>
      <DialogContent>
        <Typography sx={{ fontWeight: 600 }}>{translate(`reloadables.bulk.actions.${result.action}`)}</Typography>
        <Alert severity={result.failed.length === 0 ? 'success' : result.succeeded === 0 ? 'error' : 'warning'} sx={{ my: 2 }}>
          {translate('reloadables.summary.result', { succeeded: result.succeeded, total: result.total })}
        </Alert>
        {result.failed.length > 0 && (
          <Box>
            <Typography id="card-summary-failures" variant="subtitle2" component="h3" gutterBottom>
              {translate('reloadables.summary.failures')}
            </Typography>
            {/* the refusals scroll on their own: the region takes the focus so a keyboard can scroll it */}
            <Box role="region" tabIndex={0} aria-labelledby="card-summary-failures" sx={{ maxHeight: 320, overflow: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}>
              <Table size="small" stickyHeader>
                <TableHead>
                  <TableRow>
                    <TableCell>{translate('reloadables.summary.card')}</TableCell>
                    <TableCell>{translate('reloadables.summary.reason')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {result.failed.map((failure) => (
                    <TableRow key={failure.id}>
                      <TableCell sx={{ fontFamily: 'monospace' }}>{failure.code}</TableCell>
                      <TableCell>{reason(failure.error)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {translate('reloadables.summary.close')}
        </Button>
      </DialogActions>
    </ModalDialog>
  );
}

import { Alert, Box, Button, DialogActions, DialogContent, DialogTitle, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { BulkResult } from '../../../domain/giftcards';
import { ModalDialog } from '../../components/ModalDialog';

/** A bulk call may fail on tens of thousands of cards: the modal lists the first ones. */
const MAX_LISTED_FAILURES = 200;

/** The answer to a bulk action (SPEC §2): how many cards succeeded, and why each other one did not. */
export function OperationSummaryModal({ result, onClose }: { result: BulkResult; onClose: () => void }) {
  const translate = useTranslate();
  const listed = result.failed.slice(0, MAX_LISTED_FAILURES);
  const reason = (code: string) => translate(`errors.codes.${code}`, { _: translate('messages.operationFailed') });
  return (
    <ModalDialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="operation-summary-title">
      <DialogTitle id="operation-summary-title">{translate('giftcards.summary.title')}</DialogTitle>
      <DialogContent>
        <Typography sx={{ fontWeight: 600 }}>{translate(`giftcards.bulk.actions.${result.action}`)}</Typography>
        <Alert severity={result.failed.length === 0 ? 'success' : result.succeeded === 0 ? 'error' : 'warning'} sx={{ my: 2 }}>
          {translate('giftcards.summary.result', { succeeded: result.succeeded, total: result.total })}
          {result.failed.length === 0 && result.total > 0 ? ` ${translate('giftcards.summary.allDone')}` : ''}
        </Alert>
        {listed.length > 0 && (
          <Box>
            <Typography id="operation-summary-failures" variant="subtitle2" component="h3" gutterBottom>
              {translate('giftcards.summary.failures')}
            </Typography>
            {/* the refusals scroll on their own: the region takes the keyboard focus so they can be read without a mouse */}
            <Box role="region" tabIndex={0} aria-labelledby="operation-summary-failures" sx={{ maxHeight: 320, overflow: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}>
              <Table size="small" stickyHeader>
                <TableHead>
                  <TableRow>
                    <TableCell>{translate('giftcards.summary.card')}</TableCell>
                    <TableCell>{translate('giftcards.summary.reason')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {listed.map((failure) => (
                    <TableRow key={failure.id}>
                      <TableCell sx={{ fontFamily: 'monospace' }}>{failure.code}</TableCell>
                      <TableCell>{reason(failure.error)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
            {result.failed.length > listed.length && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                {translate('giftcards.summary.more', { smart_count: result.failed.length - listed.length })}
              </Typography>
            )}
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {translate('giftcards.summary.close')}
        </Button>
      </DialogActions>
    </ModalDialog>
  );
}

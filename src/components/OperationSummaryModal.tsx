import { Alert, Box, Button, DialogActions, DialogContent, DialogTitle, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { BulkResult } from '../../domain/giftcards';
import { ModalDialog } from './ModalDialog';

/** A bulk call may fail on tens of thousands of cards: the modal lists the first ones. */
const MAX_LISTED_FAILURES = 200;

/** What a bulk call answers, gift cards' or reloadable cards': per-card refusals (`code`: the card, `error`: the reason). */
type SummaryResult = Pick<BulkResult, 'total' | 'succeeded' | 'failed'> & { action: string };

/**
 * The answer to a bulk action (SPEC §2): how many cards succeeded, and why each other one did not.
 * `area`: whose texts (`<area>.summary.*`, `<area>.bulk.actions.*`): the gift-card list's or the
 * reloadable cards'.
 */
export function OperationSummaryModal({ result, onClose, area = 'giftcards' }: { result: SummaryResult; onClose: () => void; area?: 'giftcards' | 'reloadables' }) {
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) => translate(`${area}.${key}`, options);
  const listed = result.failed.slice(0, MAX_LISTED_FAILURES);
  const reason = (code: string) => translate(`errors.codes.${code}`, { _: translate('messages.operationFailed') });
  return (
    <ModalDialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="operation-summary-title">
      <DialogTitle id="operation-summary-title">{t('summary.title')}</DialogTitle>
      <DialogContent>
        <Typography sx={{ fontWeight: 600 }}>{t(`bulk.actions.${result.action}`)}</Typography>
        <Alert severity={result.failed.length === 0 ? 'success' : result.succeeded === 0 ? 'error' : 'warning'} sx={{ my: 2 }}>
          {t('summary.result', { smart_count: result.succeeded, total: result.total })}
          {result.failed.length === 0 && result.total > 0 ? ` ${t('summary.allDone')}` : ''}
        </Alert>
        {listed.length > 0 && (
          <Box>
            <Typography id="operation-summary-failures" variant="subtitle2" component="h3" gutterBottom>
              {t('summary.failures')}
            </Typography>
            {/* the refusals scroll on their own: the region takes the keyboard focus so they can be read without a mouse */}
            <Box role="region" tabIndex={0} aria-labelledby="operation-summary-failures" sx={{ maxHeight: 320, overflow: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}>
              <Table size="small" stickyHeader>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('summary.card')}</TableCell>
                    <TableCell>{t('summary.reason')}</TableCell>
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
                {t('summary.more', { smart_count: result.failed.length - listed.length })}
              </Typography>
            )}
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {t('summary.close')}
        </Button>
      </DialogActions>
    </ModalDialog>
  );
}

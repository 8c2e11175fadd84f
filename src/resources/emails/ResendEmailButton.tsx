import SendIcon from '@mui/icons-material/Send';
import { Button, CircularProgress } from '@mui/material';
import { CanAccess, useDataProvider, useTranslate } from 'react-admin';
import type { EmailRecord } from '../../../domain/emails';
import { useBusyRun } from '../../components/useBusyRun';
import type { TesseraDataProvider } from '../../dataProvider/types';

export const EMAILS = 'emails';

/**
 * Resend, on an e-mail the server says may go again (`resendable`: done, and no one-time link in
 * it, domain/emails.ts) and for who may (the access table's `resend`). `onResent` gets the e-mail
 * the server queued: a new one for an outbox e-mail, the same one for a square code's.
 */
export function ResendEmailButton({ record, onResent, variant = 'outlined', size = 'small' }: { record: EmailRecord; onResent: (queued: EmailRecord) => void; variant?: 'outlined' | 'contained'; size?: 'small' | 'medium' }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<TesseraDataProvider>();
  const { busy, run } = useBusyRun();
  if (!record.resendable) return null;
  const resend = async () => {
    let queued: EmailRecord | undefined;
    const done = await run(
      async () => {
        queued = await dataProvider.resendEmail(record.id);
      },
      { done: 'emails.resend.done', args: { recipient: record.recipient }, failure: 'emails.resend.failed' },
    );
    if (done && queued) onResent(queued);
  };
  return (
    <CanAccess resource={EMAILS} action="resend">
      <Button
        size={size}
        variant={variant}
        aria-label={translate('emails.resend.to', { recipient: record.recipient })}
        startIcon={busy ? <CircularProgress size={14} color="inherit" /> : <SendIcon />}
        disabled={busy !== null}
        // the row around it opens the e-mail: the click is the button's alone
        onClick={(event) => {
          event.stopPropagation();
          void resend();
        }}
      >
        {translate('emails.resend.button')}
      </Button>
    </CanAccess>
  );
}

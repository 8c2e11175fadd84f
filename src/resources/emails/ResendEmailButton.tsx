import SendIcon from '@mui/icons-material/Send';
import { Button, CircularProgress, Typography } from '@mui/material';
import { useState } from 'react';
import { CanAccess, useDataProvider, useTranslate } from 'react-admin';
import type { EmailRecord } from '../../../domain/emails';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useBusyRun } from '../../components/useBusyRun';
import type { TesseraDataProvider } from '../../dataProvider/types';

export const EMAILS = 'emails';
/** Marks the Resend buttons, for the screens' focus after a resend (`useFocusAfterAction`). */
export const RESEND_CONTROL = '[data-email-resend]';

/**
 * Resend, on an e-mail the server says may go again (`resendable`: done, and no one-time link in
 * it, domain/emails.ts) and for who may (the access table's `resend`). It mails someone again, so
 * it asks first, naming the recipient (issue 43). `onResent` gets the e-mail the server queued: a
 * new one for an outbox e-mail, the same one for a square code's.
 */
export function ResendEmailButton({ record, onResent, variant = 'outlined', size = 'small' }: { record: EmailRecord; onResent: (queued: EmailRecord) => void; variant?: 'outlined' | 'contained'; size?: 'small' | 'medium' }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<TesseraDataProvider>();
  const { busy, run } = useBusyRun();
  const [asking, setAsking] = useState(false);
  if (!record.resendable) return null;
  const resend = async () => {
    let queued: EmailRecord | undefined;
    const done = await run(
      async () => {
        queued = await dataProvider.resendEmail(record.id);
      },
      { done: 'emails.resend.done', args: { recipient: record.recipient }, failure: 'emails.resend.failed' },
    );
    if (!done) return;
    setAsking(false);
    if (queued) onResent(queued);
  };
  return (
    <CanAccess resource={EMAILS} action="resend">
      <Button
        size={size}
        variant={variant}
        aria-label={translate('emails.resend.to', { recipient: record.recipient })}
        startIcon={busy ? <CircularProgress size={14} color="inherit" /> : <SendIcon />}
        disabled={busy !== null}
        data-email-resend
        // the row around it opens the e-mail: the click is the button's alone
        onClick={(event) => {
          event.stopPropagation();
          setAsking(true);
        }}
      >
        {translate('emails.resend.button')}
      </Button>
      {asking && (
        // the dialog's clicks bubble through React to the row around the button (which opens the e-mail): they stop here
        <span onClick={(event) => event.stopPropagation()}>
        <ConfirmDialog
          open
          title={translate('emails.resend.confirmTitle', { recipient: record.recipient })}
          confirmLabel={translate('emails.resend.button')}
          busy={busy !== null}
          onConfirm={() => void resend()}
          onClose={() => setAsking(false)}
        >
          <Typography>{translate('emails.resend.confirmText')}</Typography>
        </ConfirmDialog>
        </span>
      )}
    </CanAccess>
  );
}

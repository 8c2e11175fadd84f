import SendIcon from '@mui/icons-material/Send';
import { Box, Button, CircularProgress, Typography } from '@mui/material';
import { useRef, useState } from 'react';
import { CanAccess, DataTable, useDataProvider, useRefresh, useTranslate, type RaRecord } from 'react-admin';
import { SQUARE_RESENDABLE_STATES } from '../../../domain/square';
import { squareCommunicationFields, type SquareCommunication } from '../../../domain/schemas/square';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { PageHeading } from '../../components/PageHeading';
import { SchemaCompactList, SchemaList, useRecordText } from '../../components/schema';
import { useBusyRun } from '../../components/useBusyRun';
import { useFocusAfterAction } from '../../components/useFocusAfterAction';
import type { TesseraDataProvider } from '../../dataProvider/types';

const COMMUNICATIONS = squareCommunicationFields.resource!;

/**
 * Resend on a communication that is done (sent or failed, SQUARE_RESENDABLE_STATES): a new attempt
 * of the same communication (retry number + 1), asked first (it mails the code again); the list
 * then shows it queued again.
 */
function ResendButton({ row, onResent }: { row: SquareCommunication; onResent: () => void }) {
  const translate = useTranslate();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<TesseraDataProvider>();
  const { busy, run } = useBusyRun();
  const [asking, setAsking] = useState(false);
  if (!SQUARE_RESENDABLE_STATES.includes(row.status)) return null;
  const resend = async () => {
    if (!(await run(() => dataProvider.resendSquareCommunication(row.id), { done: 'square.communications.sent', failure: 'messages.unableToPerformAction' }))) return;
    setAsking(false);
    onResent();
    refresh();
  };
  return (
    <CanAccess resource={COMMUNICATIONS} action="resend">
      <Button
        size="small"
        variant="outlined"
        aria-label={translate('square.communications.resendTo', { recipient: row.recipient })}
        startIcon={busy ? <CircularProgress size={14} color="inherit" /> : <SendIcon />}
        disabled={busy !== null}
        data-square-resend
        onClick={() => setAsking(true)}
      >
        {translate('square.communications.resend')}
      </Button>
      {asking && (
        <ConfirmDialog
          open
          title={translate('square.communications.resendTitle', { recipient: row.recipient })}
          confirmLabel={translate('square.communications.resend')}
          busy={busy !== null}
          onConfirm={() => void resend()}
          onClose={() => setAsking(false)}
        >
          <Typography>{translate('square.communications.resendText')}</Typography>
        </ConfirmDialog>
      )}
    </CanAccess>
  );
}

/**
 * /square/communications (SPEC §2): each code's e-mail with its state, attempt, next try and the
 * mail server's last answer (why it failed or is retrying), newest first; Resend on the ones
 * that are done. A row opens nothing (a communication has no page of its own).
 */
export default function SquareCommunicationList() {
  const translate = useTranslate();
  const recordText = useRecordText(squareCommunicationFields);
  // issue 43: the resent row's button goes away (queued again): focus goes to the page heading, not the body
  const root = useRef<HTMLDivElement>(null);
  const { acted } = useFocusAfterAction<'resend'>(root, { controls: '[data-square-resend]', firstAsFallback: false, shown: true });
  const resend = (row: RaRecord) => <ResendButton row={row as SquareCommunication} onResent={() => acted('resend')} />;
  return (
    <Box ref={root}>
      <PageHeading title={translate('screens.squareCommunicationList')} />
      <SchemaList
        fields={squareCommunicationFields}
        rowClick={false}
        link={false}
        search
        filtersLabel
        count
        countMore
        disableSyncWithLocation={false}
        columns={<DataTable.Col label="square.communications.actions" disableSort render={resend} />}
        compact={
          <SchemaCompactList
            fields={squareCommunicationFields}
            tertiaryText={resend}
            secondaryText={(row) => ['status', 'sentAt', 'lastSmtpAnswer'].map((source) => recordText(row, source)).filter(Boolean).join(' · ')}
            empty={null}
          />
        }
      />
    </Box>
  );
}

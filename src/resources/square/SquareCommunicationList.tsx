import SendIcon from '@mui/icons-material/Send';
import { Button, CircularProgress } from '@mui/material';
import { CanAccess, DataTable, useDataProvider, useRefresh, useTranslate, type RaRecord } from 'react-admin';
import { SQUARE_RESENDABLE_STATES } from '../../../domain/square';
import { squareCommunicationFields, type SquareCommunication } from '../../../domain/schemas/square';
import { PageHeading } from '../../components/PageHeading';
import { SchemaCompactList, SchemaList, useRecordText } from '../../components/schema';
import { useBusyRun } from '../../components/useBusyRun';
import type { TesseraDataProvider } from '../../dataProvider/types';

const COMMUNICATIONS = squareCommunicationFields.resource!;

/**
 * Resend on a communication that is done (sent or failed, SQUARE_RESENDABLE_STATES): a new attempt
 * of the same communication (retry number + 1); the list then shows it queued again.
 */
function ResendButton({ row }: { row: SquareCommunication }) {
  const translate = useTranslate();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<TesseraDataProvider>();
  const { busy, run } = useBusyRun();
  if (!SQUARE_RESENDABLE_STATES.includes(row.status)) return null;
  const resend = async () => {
    if (await run(() => dataProvider.resendSquareCommunication(row.id), { done: 'square.communications.sent', failure: 'messages.unableToPerformAction' })) refresh();
  };
  return (
    <CanAccess resource={COMMUNICATIONS} action="resend">
      <Button
        size="small"
        variant="outlined"
        aria-label={translate('square.communications.resendTo', { recipient: row.recipient })}
        startIcon={busy ? <CircularProgress size={14} color="inherit" /> : <SendIcon />}
        disabled={busy !== null}
        onClick={() => void resend()}
      >
        {translate('square.communications.resend')}
      </Button>
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
  const resend = (row: RaRecord) => <ResendButton row={row as SquareCommunication} />;
  return (
    <>
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
    </>
  );
}

import { Box } from '@mui/material';
import { createContext, useContext, useRef } from 'react';
import { DataTable, useRefresh, useTranslate, type RaRecord } from 'react-admin';
import type { EmailRecord } from '../../../domain/emails';
import { emailFields } from '../../../domain/schemas/emails';
import { PageHeading } from '../../components/PageHeading';
import { useFocusAfterAction } from '../../components/useFocusAfterAction';
import { CompactRows, SchemaField, SchemaList, SchemaRecordLink, useEditLink } from '../../components/schema';
import { EMAILS, RESEND_CONTROL, ResendEmailButton } from './ResendEmailButton';

const email = (record: RaRecord) => record as EmailRecord;
const field = (source: string) => emailFields.fields.find((candidate) => candidate.source === source)!;

/** Resend in a row: the list then shows what the server queued (a new e-mail on top, or the same one queued again). */
function RowResend({ record }: { record: EmailRecord }) {
  const refresh = useRefresh();
  const acted = useContext(ResentContext);
  return (
    <ResendEmailButton
      record={record}
      onResent={() => {
        acted();
        refresh();
      }}
    />
  );
}

/** Tells the page a resend ran (its button may go away with the refreshed row: focus then goes to the heading). */
const ResentContext = createContext<() => void>(() => undefined);

/** The phone rows: the recipient (the link) and the state; template, when and the server's last answer; Resend. */
function EmailRows() {
  const link = useEditLink(EMAILS);
  return (
    <CompactRows<EmailRecord>
      fields={emailFields}
      label="emails.list.rows"
      line={(record, text) => (
        <>
          <SchemaRecordLink to={link(record) as string}>{text('recipient')}</SchemaRecordLink>
          <SchemaField field={field('status')} record={record} />
        </>
      )}
      end={(record) => <RowResend record={record} />}
      secondary={(_record, text) => [text('template'), text('createdAt'), text('lastAnswer')]}
    />
  );
}

/**
 * /emails (issue 41, provider staff): every e-mail the product sent or will send, newest first:
 * when, to whom, which template and subject, its state (a badge), tries, when it went or its next
 * try, and the mail server's last answer. Filtered by state and template, searched by the
 * recipient's address from its start; a row opens the e-mail; Resend on those that may go again.
 * The API never counts (keyset): "N shown, more to load".
 */
export default function EmailList() {
  const translate = useTranslate();
  const resend = (record: RaRecord) => <RowResend record={email(record)} />;
  const root = useRef<HTMLDivElement>(null);
  const { acted } = useFocusAfterAction<'resend'>(root, { controls: RESEND_CONTROL, firstAsFallback: false, shown: true });
  return (
    <Box ref={root}>
      <ResentContext.Provider value={() => acted('resend')}>
      <PageHeading title={translate('screens.emailList')} />
      <SchemaList
        fields={emailFields}
        search
        filtersLabel
        count
        countMore
        disableSyncWithLocation={false}
        columns={<DataTable.Col label="emails.list.actions" disableSort render={resend} />}
        compact={<EmailRows />}
      />
      </ResentContext.Provider>
    </Box>
  );
}

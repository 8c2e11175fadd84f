import HistoryIcon from '@mui/icons-material/History';
import { Alert, Box, CircularProgress, Link as MuiLink, Paper, Stack, Typography } from '@mui/material';
import { useRef } from 'react';
import { ShowBase, useCanAccess, useCreatePath, useRecordContext, useRefresh, useShowContext, useTranslate, type RaRecord } from 'react-admin';
import { Link, useNavigate } from 'react-router-dom';
import { EMAIL_RESENDABLE_STATES, ONE_TIME_LINK_TEMPLATES, type EmailRecord } from '../../../domain/emails';
import { emailFields } from '../../../domain/schemas/emails';
import { PageHeading } from '../../components/PageHeading';
import { useFocusAfterAction } from '../../components/useFocusAfterAction';
import { BackLink, RecordLoadError, SchemaField, SchemaShowFields } from '../../components/schema';
import { AVAILABLE_LOCALES } from '../../i18n/i18nProvider';
import { EMAILS, RESEND_CONTROL, ResendEmailButton } from './ResendEmailButton';

const field = (source: string) => emailFields.fields.find((candidate) => candidate.source === source)!;

/** Why there is no Resend on an e-mail that is not resendable: its one-time link, or a delivery still under way. */
function NoResendReason({ email }: { email: EmailRecord }) {
  const translate = useTranslate();
  if (email.resendable) return null;
  if (ONE_TIME_LINK_TEMPLATES.includes(email.template)) return <Alert severity="info">{translate('emails.detail.oneTimeLink')}</Alert>;
  if (!EMAIL_RESENDABLE_STATES.includes(email.status)) return <Alert severity="info">{translate('emails.detail.inProgress')}</Alert>;
  return null;
}

/** A square code's e-mail: its order's number, a link to the order's page for who may open it. */
function SquareOrderText({ record }: { record: RaRecord }) {
  const createPath = useCreatePath();
  const { canAccess } = useCanAccess({ resource: 'square/orders', action: 'show' });
  if (!record.squareOrderId) return <SchemaField field={field('squareOrderNumber')} record={record} />;
  const number = record.squareOrderNumber ?? record.squareOrderId;
  if (!canAccess) return <>{number}</>;
  return (
    <MuiLink component={Link} to={createPath({ resource: 'square/orders', type: 'edit', id: record.squareOrderId })}>
      {number}
    </MuiLink>
  );
}

function EmailContent({ onResent }: { onResent: () => void }) {
  const translate = useTranslate();
  const createPath = useCreatePath();
  const navigate = useNavigate();
  const refresh = useRefresh();
  const { isPending, error, refetch } = useShowContext<EmailRecord>();
  const email = useRecordContext<EmailRecord>();
  if (error && !email) return <RecordLoadError error={error} refetch={refetch} title="emails.detail.notFoundTitle" message="emails.detail.notFound" heading={false} />;
  if (isPending || !email) return <CircularProgress aria-label={translate('ra.page.loading')} />;
  const pageOf = (id: string) => createPath({ resource: EMAILS, type: 'edit', id });
  // an outbox e-mail's resend is a new e-mail: its page; a square code's is this one, queued again
  const resent = (queued: EmailRecord) => {
    onResent();
    if (queued.id === email.id) refresh();
    else navigate(pageOf(queued.id));
  };
  return (
    <Stack spacing={2}>
      <Paper variant="outlined" component="section" aria-label={translate('emails.detail.record')} sx={{ p: { xs: 2, sm: 3 } }}>
        <SchemaShowFields
          fields={emailFields}
          record={email}
          render={{
            language: (record) =>
              record.language ? (
                <Typography variant="body2" component="span">
                  {AVAILABLE_LOCALES.find((locale) => locale.locale === record.language)?.name ?? record.language}
                </Typography>
              ) : (
                <SchemaField field={field('language')} record={record} />
              ),
            squareOrderNumber: (record) => <SquareOrderText record={record} />,
          }}
        />
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {translate('emails.detail.noBody')}
        </Typography>
      </Paper>
      {email.resentFromId && (
        <Box>
          <MuiLink component={Link} to={pageOf(email.resentFromId)} sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
            <HistoryIcon fontSize="small" />
            {translate('emails.detail.resentFrom')}
          </MuiLink>
        </Box>
      )}
      <NoResendReason email={email} />
      {email.resendable && (
        <Box>
          <ResendEmailButton record={email} onResent={resent} variant="contained" size="medium" />
        </Box>
      )}
    </Stack>
  );
}

/**
 * /emails/{id} (issue 41, provider staff): the e-mail's delivery: template, recipient, subject,
 * language, state (its badge), tries, next try, the mail server's last answer, when it was made and
 * sent; its square order's page for a code's e-mail (for who may open it), the e-mail it re-sends for a resend; Resend
 * where it applies (an outbox e-mail's answer is a new e-mail, whose page opens). Never a body: the
 * API has none (a one-time link or a Square code may be in it).
 */
export default function EmailShow() {
  const translate = useTranslate();
  // issue 43: Resend goes away once the e-mail is queued again: focus goes to the heading, not the body
  const root = useRef<HTMLDivElement>(null);
  const { acted } = useFocusAfterAction<'resend'>(root, { controls: RESEND_CONTROL, firstAsFallback: false, shown: true });
  return (
    <Box ref={root} sx={{ maxWidth: 1200 }}>
      <BackLink resource={EMAILS} label="emails.detail.back" />
      <PageHeading title={translate('screens.emailDetail')} />
      <ShowBase<EmailRecord> resource={EMAILS}>
        <EmailContent onResent={() => acted('resend')} />
      </ShowBase>
    </Box>
  );
}

import { Box, CircularProgress, Paper, Typography } from '@mui/material';
import { ShowBase, useCreatePath, useRecordContext, useShowContext, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { squareCodeFields, type SquareCode } from '../../../domain/schemas/square';
import { useFormat } from '../../i18n/formatMoney';
import { PageHeading } from '../../components/PageHeading';
import { RowsTable } from '../../components/RowsTable';
import { ScrollRegion } from '../../components/ScrollRegion';
import { BackLink, RecordLoadError, SchemaShowFields } from '../../components/schema';
import { formatDateTime } from '../../i18n/dates';

/** Every state change of the code with the value it moved (signed), oldest first as the API gives them. */
function Activity({ code }: { code: SquareCode }) {
  const translate = useTranslate();
  const format = useFormat();
  const rows = code.activity ?? [];
  const title = translate('square.codeDetail.activity');
  const state = (status: string | null) => (status ? translate(`square.codeStatus.${status}`) : '—');
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-label={title}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {rows.length === 0 ? (
        <Typography color="text.secondary">{translate('square.codeDetail.noActivity')}</Typography>
      ) : (
        <ScrollRegion label={title}>
          <RowsTable
            label={title}
            columns={['at', 'what', 'from', 'to', 'amount', 'user'].map((column) => translate(`square.codeDetail.${column}`))}
            rows={rows.map((row) => ({
              key: row.id,
              cells: [formatDateTime(row.at), translate(`square.activity.${row.activity}`), state(row.fromStatus), state(row.toStatus), `${row.amountCents > 0 ? '+' : ''}${format.cents(row.amountCents)}`, row.userName ?? '—'],
            }))}
          />
        </ScrollRegion>
      )}
    </Paper>
  );
}

function CodeContent() {
  const createPath = useCreatePath();
  const { isPending, error, refetch } = useShowContext<SquareCode>();
  const code = useRecordContext<SquareCode>();
  if (error && !code) return <RecordLoadError error={error} refetch={refetch} title="square.codeDetail.notFoundTitle" message="square.codeDetail.notFound" heading={false} />;
  if (isPending || !code) return <CircularProgress />;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h6" component="h2" sx={{ fontFamily: 'monospace', mb: 2, overflowWrap: 'anywhere' }}>
          {code.code}
        </Typography>
        <SchemaShowFields
          fields={squareCodeFields}
          record={code}
          render={{ orderNumber: (record) => <Link to={createPath({ resource: 'square/orders', type: 'edit', id: record.orderId })}>{record.orderNumber}</Link> }}
        />
      </Paper>
      <Activity code={code} />
    </Box>
  );
}

/** A code's page (SPEC §2 `/square/codes/{codeId}`): its fields, its order, its e-mail's state and its activity. */
export default function SquareCodeShow() {
  const translate = useTranslate();
  return (
    <Box sx={{ maxWidth: 1200, minWidth: 0 }}>
      <BackLink resource="square/codes" label="square.codeDetail.back" />
      <PageHeading title={translate('screens.squareCodeDetail')} />
      <ShowBase<SquareCode> resource="square/codes" queryOptions={{ onError: () => undefined }}>
        <CodeContent />
      </ShowBase>
    </Box>
  );
}

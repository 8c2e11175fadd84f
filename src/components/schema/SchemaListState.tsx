import { Alert, Button, Typography } from '@mui/material';
import { useListContext, useTranslate } from 'react-admin';

/**
 * A list that failed to load says so, with a Retry button: never the empty state (which would
 * claim there is nothing) and never the server's own text (it may be technical).
 */
export function SchemaListError() {
  const translate = useTranslate();
  const { refetch, isFetching } = useListContext();
  return (
    <Alert
      severity="error"
      role="alert"
      sx={{ m: 2 }}
      action={
        <Button color="inherit" size="small" onClick={() => void refetch()} disabled={isFetching}>
          {translate('errors.retry')}
        </Button>
      }
    >
      {translate('errors.listLoad')}
    </Alert>
  );
}

/** "N stores" above the list: the API counts these lists exactly (Content-Range total). */
export function SchemaListCount({ label }: { label: string }) {
  const translate = useTranslate();
  const { total, error, isPending } = useListContext();
  if (isPending || error || total == null || total < 0) return null;
  return (
    <Typography variant="body2" color="text.secondary" role="status" sx={{ mb: 1 }}>
      {translate(label, { smart_count: total })}
    </Typography>
  );
}

import RefreshIcon from '@mui/icons-material/Refresh';
import { Alert, AlertTitle, Button } from '@mui/material';
import { useContext } from 'react';
import { ListContext, useTranslate } from 'react-admin';
import { errorMessage } from '../dataProvider/httpError';

export interface ListLoadErrorProps {
  /** the failure (its catalogue text is shown under the title); default: the list context's error */
  error?: unknown;
  /** what Retry does; default: the list context's `refetch` */
  onRetry?: () => void;
}

/**
 * What every list shows when its page could not be loaded (never its empty state, which would
 * claim there is nothing): a translated title, the failure's catalogue text (the http client
 * maps error codes to texts; a server's own text never reaches the page) and a Retry button, announced to screen readers (role="alert"). Inside a react-admin list it needs
 * no props: `<ListLoadError />` reads `error` and `refetch` from `useListContext`.
 */
export function ListLoadError({ error, onRetry }: ListLoadErrorProps) {
  const translate = useTranslate();
  const context = useContext(ListContext);
  const failure = error ?? context?.error;
  const retry = onRetry ?? (context?.refetch ? () => void context.refetch() : undefined);
  const retrying = !onRetry && !!context?.isFetching;
  const detail = failure ? errorMessage(failure) : null;
  return (
    <Alert
      severity="error"
      role="alert"
      data-testid="list-load-error"
      sx={{ my: 2 }}
      action={
        retry && (
          <Button color="inherit" size="small" startIcon={<RefreshIcon />} onClick={retry} disabled={retrying}>
            {translate('errors.retry')}
          </Button>
        )
      }
    >
      <AlertTitle>{translate('errors.listLoad')}</AlertTitle>
      {detail}
    </Alert>
  );
}

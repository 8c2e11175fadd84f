import FilterAltOffIcon from '@mui/icons-material/FilterAltOff';
import RefreshIcon from '@mui/icons-material/Refresh';
import { Alert, AlertTitle, Button } from '@mui/material';
import { useContext } from 'react';
import { ListContext, useTranslate } from 'react-admin';
import { errorMessage } from '../dataProvider/httpError';
import { listFilterErrors, type FilterErrorText } from './listFilterErrors';

export interface ListLoadErrorProps {
  /** the failure (its catalogue text is shown under the title); default: the list context's error */
  error?: unknown;
  /** what Retry does; default: the list context's `refetch` */
  onRetry?: () => void;
  /** a refused filter's line (its label and what is wrong); default: the key and the message's text */
  filterText?: FilterErrorText;
}

/**
 * What every list shows when its page could not be loaded (never its empty state, which would
 * claim there is nothing): a translated title, the failure's catalogue text (the http client
 * maps error codes to texts; a server's own text never reaches the page) and a Retry button, announced to screen readers (role="alert"). Inside a react-admin list it needs
 * no props: `<ListLoadError />` reads `error` and `refetch` from `useListContext`.
 */
export function ListLoadError({ error, onRetry, filterText }: ListLoadErrorProps) {
  const translate = useTranslate();
  const context = useContext(ListContext);
  const failure = error ?? context?.error;
  const refused = listFilterErrors(failure);
  // a 400 answers the same request the same way: the way out is other filters, not Retry
  if (refused && context?.setFilters) {
    const lines = Object.entries(refused).map(([key, message]) => (filterText ? filterText(key, message) : `${key}: ${translate(message)}`));
    return (
      <Alert
        severity="error"
        role="alert"
        data-testid="list-load-error"
        sx={{ my: 2 }}
        action={
          <Button color="inherit" size="small" startIcon={<FilterAltOffIcon />} onClick={() => context.setFilters({}, undefined)}>
            {translate('errors.resetFilters')}
          </Button>
        }
      >
        <AlertTitle>{translate('errors.listFilter')}</AlertTitle>
        {lines.length > 0 ? lines.map((line) => <div key={line}>{line}</div>) : errorMessage(failure)}
      </Alert>
    );
  }
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

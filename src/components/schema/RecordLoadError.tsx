import { Alert, AlertTitle, Button } from '@mui/material';
import { useTranslate } from 'react-admin';
import { HttpError } from '../../dataProvider/httpError';
import { PageHeading } from '../PageHeading';

/** The record page's load failed with 404: the id names nothing the user can see. */
export const isNotFound = (error: unknown) => error instanceof HttpError && error.status === 404;

/**
 * What a record page shows when its record cannot be loaded: for a 404 (an unknown or malformed
 * id, or a record of another company) a page that says the record does not exist, with the
 * page heading; for anything else the list-style error with Retry. Never the server's text.
 */
export function RecordLoadError({
  error,
  refetch,
  title,
  message,
  heading = true,
}: {
  error: unknown;
  refetch?: () => unknown;
  /** i18n key of the not-found heading */
  title: string;
  /** i18n key of the not-found text */
  message: string;
  /** false: the page already has its h1 */
  heading?: boolean;
}) {
  const translate = useTranslate();
  if (isNotFound(error)) {
    return (
      <>
        {heading && <PageHeading title={translate(title)} />}
        <Alert severity="warning" role="alert" sx={{ maxWidth: 720 }}>
          {translate(message)}
        </Alert>
      </>
    );
  }
  return (
    <Alert
      severity="error"
      role="alert"
      sx={{ maxWidth: 720 }}
      action={
        refetch ? (
          <Button color="inherit" size="small" onClick={() => void refetch()}>
            {translate('errors.retry')}
          </Button>
        ) : undefined
      }
    >
      <AlertTitle>{translate('errors.generic')}</AlertTitle>
    </Alert>
  );
}

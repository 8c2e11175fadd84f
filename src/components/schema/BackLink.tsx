import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Button } from '@mui/material';
import { useCreatePath, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';

/** The "back" link above a detail or form page, to `to` or to `resource`'s list; `label` is an i18n key, `state` the history state it carries. */
export function BackLink({ to, resource, label, state }: { label: string; state?: unknown } & ({ to: string; resource?: undefined } | { resource: string; to?: undefined })) {
  const translate = useTranslate();
  const createPath = useCreatePath();
  return (
    <Button component={Link} to={to ?? createPath({ resource, type: 'list' })} state={state} startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>
      {translate(label)}
    </Button>
  );
}

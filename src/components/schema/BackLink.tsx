import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Button } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';

/** The "back" link above a detail or form page; `label` is an i18n key, `state` the history state it carries. */
export function BackLink({ to, label, state }: { to: string; label: string; state?: unknown }) {
  const translate = useTranslate();
  return (
    <Button component={Link} to={to} state={state} startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>
      {translate(label)}
    </Button>
  );
}

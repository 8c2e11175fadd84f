import { Typography } from '@mui/material';
import { useListContext, useTranslate } from 'react-admin';

/**
 * "N stores" above the list. Where the API counts (Content-Range total) the total; where it does
 * not (a `*` total: lists too long to count) what is shown, with `more` ("N shown, more to load")
 * while more rows exist.
 */
export function SchemaListCount({ label, more }: { label: string; /** i18n key (smart_count) for a list the API does not count */ more?: string }) {
  const translate = useTranslate();
  const { total, data, hasNextPage, error, isPending } = useListContext();
  if (isPending || error) return null;
  let text: string | null = null;
  if (total != null && total >= 0) text = translate(label, { smart_count: total });
  else if (more && data?.length) text = translate(hasNextPage ? more : label, { smart_count: data.length });
  if (text === null) return null;
  return (
    <Typography variant="body2" color="text.secondary" role="status" sx={{ mb: 1 }}>
      {text}
    </Typography>
  );
}

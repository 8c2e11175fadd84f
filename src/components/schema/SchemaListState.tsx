import { Typography } from '@mui/material';
import { useListContext, useTranslate } from 'react-admin';

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

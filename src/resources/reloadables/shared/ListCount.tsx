import { Typography } from '@mui/material';
import { useListContext, useTranslate } from 'react-admin';

/**
 * "12 cards" when the API gave an exact total and everything is in; "25 shown, more to load"
 * otherwise (lists that never count, DESIGN §4). `keys` = `<group>` with `.count` / `.countMore`.
 */
export function ListCount({ keys }: { keys: string }) {
  const translate = useTranslate();
  const { total, data, hasNextPage, isPending, error } = useListContext();
  if (isPending || error || !data?.length) return null;
  const exact = total != null && total >= 0 && !hasNextPage;
  return (
    <Typography variant="body2" color="text.secondary" role="status">
      {exact ? translate(`${keys}.count`, { smart_count: total }) : translate(`${keys}.countMore`, { smart_count: data.length })}
    </Typography>
  );
}

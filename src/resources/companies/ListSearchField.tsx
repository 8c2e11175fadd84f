import SearchIcon from '@mui/icons-material/Search';
import { InputAdornment, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { useListContext } from 'react-admin';

/** Free-text search (`filter.q`) of the surrounding list, sent 400 ms after the last key. */
export function ListSearchField({ label }: { label: string }) {
  const { filterValues, setFilters } = useListContext();
  const [text, setText] = useState<string>(String(filterValues.q ?? ''));
  useEffect(() => {
    const current = String(filterValues.q ?? '');
    if (text.trim() === current) return undefined;
    const timer = setTimeout(() => setFilters(text.trim() ? { ...filterValues, q: text.trim() } : withoutQ(filterValues), {}), 400);
    return () => clearTimeout(timer);
  }, [text, filterValues, setFilters]);
  return (
    <TextField
      value={text}
      onChange={(event) => setText(event.target.value)}
      label={label}
      size="small"
      fullWidth={false}
      sx={{ flex: '0 1 420px', minWidth: 260 }}
      slotProps={{ input: { startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment> } }}
    />
  );
}

function withoutQ(filter: Record<string, unknown>) {
  const rest = { ...filter };
  delete rest.q;
  return rest;
}

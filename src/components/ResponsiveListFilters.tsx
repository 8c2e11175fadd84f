import FilterListIcon from '@mui/icons-material/FilterList';
import { Badge, Box, Button, Collapse, useMediaQuery, type Theme } from '@mui/material';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useListContext, useTranslate } from 'react-admin';

/** The number of filters applied (keys with a value) of the list's current filter. */
export function activeFilterCount(filter: Record<string, unknown>): number {
  return Object.values(filter).filter((value) => value !== undefined && value !== null && value !== '').length;
}

/**
 * A list's filter form as it fits the screen: in full above the list from 600 px up; on a phone
 * behind a "Filters" button (with the number applied) and the applied filters as chips, so the
 * first rows show without scrolling past a screen of inputs. Applying a filter folds it again.
 */
export function ResponsiveListFilters({ form, chips }: { form: ReactNode; chips: ReactNode }) {
  const translate = useTranslate();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const { filterValues } = useListContext();
  const [open, setOpen] = useState(false);
  const id = useId();
  const applied = JSON.stringify(filterValues);
  useEffect(() => setOpen(false), [applied]);
  if (!phone) return <>{form}</>;
  const count = activeFilterCount(filterValues as Record<string, unknown>);
  return (
    <Box sx={{ mb: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <Button
          variant="outlined"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen((value) => !value)}
          startIcon={
            <Badge badgeContent={count} color="primary">
              <FilterListIcon />
            </Badge>
          }
        >
          {translate('giftcards.filters.toggle')}
        </Button>
        {count > 0 && chips}
      </Box>
      <Collapse in={open} id={id} unmountOnExit>
        {form}
      </Collapse>
    </Box>
  );
}

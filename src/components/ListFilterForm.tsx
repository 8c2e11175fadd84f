import { Box, Button, Grid, Paper } from '@mui/material';
import { useEffect, useMemo, type ReactNode } from 'react';
import { Form, useListContext, useTranslate } from 'react-admin';
import { useFormContext, type FieldValues, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { apiFilterResolver } from './apiFilterResolver';
import { listFilterErrors } from './listFilterErrors';

export interface ListFilterFormProps<V extends FieldValues, F extends object> {
  /** i18n group of the labels (`<group>.title`, `.reset`, `.apply`) */
  labels: string;
  schema: z.ZodType;
  empty: V;
  toApiFilter: (values: V) => F;
  fromApiFilter: (filter: Partial<F>) => V;
  /** the inputs' own refusals, per field (a day that does not exist): the filter is then not applied */
  inputErrors?: (values: V) => Record<string, string>;
  children: ReactNode;
}

/** The filters the API refused (a 400 naming them: a link's filter, an older screen's) marked on their inputs. */
function ServerFilterErrors() {
  const { error } = useListContext();
  const { setError, getValues } = useFormContext();
  useEffect(() => {
    const refused = listFilterErrors(error);
    if (!refused) return;
    const values = getValues();
    for (const [key, message] of Object.entries(refused)) if (key in values) setError(key, { type: 'server', message }, { shouldFocus: false });
  }, [error, setError, getValues]);
  return null;
}

function FilterButtons({ labels, empty }: { labels: string; empty: FieldValues }) {
  const translate = useTranslate();
  const { reset } = useFormContext();
  const { setFilters } = useListContext();
  const clear = () => {
    reset(empty);
    setFilters({}, undefined);
  };
  return (
    <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', mt: 1 }}>
      <Button onClick={clear}>{translate(`${labels}.reset`)}</Button>
      <Button type="submit" variant="contained">
        {translate(`${labels}.apply`)}
      </Button>
    </Box>
  );
}

/**
 * A list's filter form (react-admin `<Form>`): validated with the API's own filter schema,
 * applied with the search button rather than per keystroke (each search may scan a large
 * table), the applied filter kept in the list's URL, from which the form starts. Lists pass
 * only their fields.
 */
export function ListFilterForm<V extends FieldValues, F extends object>({ labels, schema, empty, toApiFilter, fromApiFilter, inputErrors, children }: ListFilterFormProps<V, F>) {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListContext();
  const resolver = useMemo(() => apiFilterResolver(toApiFilter, schema, inputErrors), [toApiFilter, schema, inputErrors]);
  const defaultValues = useMemo(() => fromApiFilter(filterValues as Partial<F>), [fromApiFilter, filterValues]);
  const apply = (values: FieldValues) => setFilters(toApiFilter(values as V), undefined);

  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
      <Box role="form" aria-label={translate(`${labels}.title`)}>
        <Form resolver={resolver as Resolver<FieldValues>} mode="onChange" defaultValues={defaultValues} onSubmit={apply} noValidate>
          <Grid container columnSpacing={2}>
            {children}
          </Grid>
          <FilterButtons labels={labels} empty={empty} />
          <ServerFilterErrors />
        </Form>
      </Box>
    </Paper>
  );
}

import { Box, Button, Grid, Paper } from '@mui/material';
import { useMemo, type ReactNode } from 'react';
import { useListContext, useTranslate } from 'react-admin';
import { FormProvider, useForm, type DefaultValues, type FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { apiFilterResolver } from './apiFilterResolver';

export interface ListFilterFormProps<V extends FieldValues, F extends object> {
  /** i18n group of the labels (`<group>.title`, `.reset`, `.apply`) */
  labels: string;
  schema: z.ZodType;
  empty: V;
  toApiFilter: (values: V) => F;
  fromApiFilter: (filter: Partial<F>) => V;
  children: ReactNode;
}

/**
 * A list's filter form: validated with the API's own filter schema, applied with the search
 * button rather than per keystroke (each search may scan a large table), the applied filter kept
 * in the list's URL. Lists pass only their fields.
 */
export function ListFilterForm<V extends FieldValues, F extends object>({ labels, schema, empty, toApiFilter, fromApiFilter, children }: ListFilterFormProps<V, F>) {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListContext();
  const resolver = useMemo(() => apiFilterResolver(toApiFilter, schema), [toApiFilter, schema]);
  const defaultValues = useMemo(() => fromApiFilter(filterValues as Partial<F>), [fromApiFilter, filterValues]);
  const form = useForm<V>({ resolver, mode: 'onChange', defaultValues: defaultValues as DefaultValues<V> });

  const apply = (values: V) => setFilters(toApiFilter(values), undefined);
  const clear = () => {
    form.reset(empty);
    setFilters({}, undefined);
  };

  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
      <FormProvider {...form}>
        <Box component="form" noValidate aria-label={translate(`${labels}.title`)} onSubmit={form.handleSubmit(apply)}>
          <Grid container columnSpacing={2}>
            {children}
          </Grid>
          <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', mt: 1 }}>
            <Button onClick={clear}>{translate(`${labels}.reset`)}</Button>
            <Button type="submit" variant="contained">
              {translate(`${labels}.apply`)}
            </Button>
          </Box>
        </Box>
      </FormProvider>
    </Paper>
  );
}

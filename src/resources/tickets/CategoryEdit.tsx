import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Delete';
import { Alert, Box, Button, CircularProgress, FormControlLabel, FormHelperText, Grid, IconButton, MenuItem, Paper, Switch, Typography } from '@mui/material';
import { useState } from 'react';
import { useCreatePath, useDataProvider, useGetOne, useNotify, useTranslate } from 'react-admin';
import { FormProvider, useController, useFieldArray, useForm, useFormContext, useWatch } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router-dom';
import { TICKET_FIELD_ID_MAX, TICKET_FIELD_TYPES, TICKET_LIMITS } from '../../../domain/tickets';
import type { TicketCategory } from '../../../domain/schemas/tickets';
import { actionErrorText } from '../../components/actionErrorText';
import { FormErrorAlert } from '../../components/FormErrorAlert';
import { FormSelectField } from '../../components/FormSelectField';
import { FormTextField } from '../../components/FormTextField';
import { PageHeading } from '../../components/PageHeading';
import { BackLink, RecordLoadError } from '../../components/schema';
import { serverFieldErrors } from '../../components/useFormSubmit';
import type { TesseraDataProvider } from '../../dataProvider/types';
import { categoryDraft, categoryResolver, CHOICE_TYPES, DATE_TYPES, emptyField, emptyOption, LENGTH_TYPES, type CategoryDraft } from './categoryDraft';
import { CATEGORIES, useCanWriteCategories, useLocalized } from './ticketShared';

const LABEL_MAX = { htmlInput: { maxLength: TICKET_LIMITS.labelMax } };
const ID_MAX = { htmlInput: { maxLength: TICKET_FIELD_ID_MAX } };

function SwitchInput({ name, label, disabled }: { name: string; label: string; disabled?: boolean }) {
  const { control } = useFormContext();
  const { field } = useController({ name, control });
  return <FormControlLabel control={<Switch checked={field.value === true} onChange={(event) => field.onChange(event.target.checked)} onBlur={field.onBlur} name={name} disabled={disabled} />} label={label} />;
}

/** Italian and English (required), and the other languages when `all`. */
function TextsInput({ name, label, all, disabled }: { name: string; label: string; all?: boolean; disabled?: boolean }) {
  const translate = useTranslate();
  const languages = all ? (['it', 'en', 'es', 'fr', 'de'] as const) : (['it', 'en'] as const);
  return (
    <Grid container columnSpacing={2}>
      {languages.map((language) => (
        <Grid key={language} size={{ xs: 12, sm: 6, md: all ? 4 : 6 }}>
          <FormTextField name={`${name}.${language}`} label={`${label} (${translate(`tickets.categories.languages.${language}`)})`} required={language === 'it' || language === 'en'} disabled={disabled} slotProps={LABEL_MAX} size="small" />
        </Grid>
      ))}
    </Grid>
  );
}

function OptionsEditor({ index, disabled }: { index: number; disabled?: boolean }) {
  const translate = useTranslate();
  const { control, formState } = useFormContext<CategoryDraft>();
  const { fields, append, remove } = useFieldArray({ control, name: `fields.${index}.options` });
  const error = formState.errors.fields?.[index]?.options;
  const message = (error as { message?: string } | undefined)?.message ?? error?.root?.message;
  return (
    <Box component="fieldset" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, mt: 1 }}>
      <Typography component="legend" variant="subtitle2" sx={{ px: 0.5 }}>
        {translate('tickets.categories.options')}
      </Typography>
      {fields.map((option, at) => (
        <Box key={option.id} sx={{ borderBottom: 1, borderColor: 'divider', pb: 1, mb: 1 }}>
          <Grid container columnSpacing={2} sx={{ alignItems: 'center' }}>
            <Grid size={{ xs: 12, sm: 4 }}>
              <FormTextField name={`fields.${index}.options.${at}.id`} label={translate('tickets.categories.optionId')} required disabled={disabled} size="small" slotProps={ID_MAX} />
            </Grid>
            <Grid size={{ xs: 8, sm: 5 }}>
              <SwitchInput name={`fields.${index}.options.${at}.retired`} label={translate('tickets.categories.retired')} disabled={disabled} />
            </Grid>
            <Grid size={{ xs: 4, sm: 3 }} sx={{ textAlign: 'right' }}>
              {!disabled && (
                <IconButton aria-label={translate('tickets.categories.removeOption', { n: at + 1 })} onClick={() => remove(at)}>
                  <DeleteIcon />
                </IconButton>
              )}
            </Grid>
          </Grid>
          <TextsInput name={`fields.${index}.options.${at}.label`} label={translate('tickets.categories.optionLabel')} disabled={disabled} />
        </Box>
      ))}
      {message && <FormHelperText error>{translate(message)}</FormHelperText>}
      {!disabled && (
        <Button startIcon={<AddIcon />} onClick={() => append(emptyOption())} disabled={fields.length >= TICKET_LIMITS.optionsPerField}>
          {translate('tickets.categories.addOption')}
        </Button>
      )}
      <FormHelperText>{translate('tickets.categories.retiredHelp')}</FormHelperText>
    </Box>
  );
}

function LimitsEditor({ index, disabled }: { index: number; disabled?: boolean }) {
  const translate = useTranslate();
  const type = useWatch<CategoryDraft>({ name: `fields.${index}.type` }) as CategoryDraft['fields'][number]['type'];
  const input = (key: string, kind: 'number' | 'date' = 'number') => (
    <Grid size={{ xs: 12, sm: 6, md: 3 }} key={key}>
      <FormTextField
        name={`fields.${index}.limits.${key}`}
        label={translate(`tickets.categories.limits.${key}`)}
        disabled={disabled}
        size="small"
        type={kind === 'date' ? 'date' : 'text'}
        slotProps={kind === 'date' ? { inputLabel: { shrink: true } } : { htmlInput: { inputMode: 'decimal' } }}
      />
    </Grid>
  );
  if (LENGTH_TYPES.includes(type)) return <Grid container columnSpacing={2}>{[input('minLength'), input('maxLength')]}</Grid>;
  if (DATE_TYPES.includes(type)) return <Grid container columnSpacing={2}>{[input('minDate', 'date'), input('maxDate', 'date')]}</Grid>;
  if (type === 'number')
    return (
      <Grid container columnSpacing={2} sx={{ alignItems: 'center' }}>
        {[input('min'), input('max')]}
        <Grid size={{ xs: 12, md: 6 }}>
          <SwitchInput name={`fields.${index}.limits.integer`} label={translate('tickets.categories.limits.integer')} disabled={disabled} />
        </Grid>
      </Grid>
    );
  return null;
}

function FieldEditor({ index, count, disabled, onMove, onRemove }: { index: number; count: number; disabled?: boolean; onMove: (to: number) => void; onRemove: () => void }) {
  const translate = useTranslate();
  const type = useWatch<CategoryDraft>({ name: `fields.${index}.type` }) as string;
  const n = index + 1;
  return (
    <Paper variant="outlined" component="li" sx={{ p: 2, listStyle: 'none' }} aria-label={translate('tickets.categories.fieldN', { n })}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography variant="subtitle1" component="h3" sx={{ flexGrow: 1 }}>
          {translate('tickets.categories.fieldN', { n })}
        </Typography>
        {!disabled && (
          <>
            <IconButton aria-label={translate('tickets.categories.moveUp', { n })} disabled={index === 0} onClick={() => onMove(index - 1)}>
              <ArrowUpwardIcon />
            </IconButton>
            <IconButton aria-label={translate('tickets.categories.moveDown', { n })} disabled={index === count - 1} onClick={() => onMove(index + 1)}>
              <ArrowDownwardIcon />
            </IconButton>
            <IconButton aria-label={translate('tickets.categories.removeField', { n })} onClick={onRemove}>
              <DeleteIcon />
            </IconButton>
          </>
        )}
      </Box>
      <Grid container columnSpacing={2}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormSelectField name={`fields.${index}.type`} label={translate('tickets.categories.type')} required disabled={disabled} size="small">
            {TICKET_FIELD_TYPES.map((candidate) => (
              <MenuItem key={candidate} value={candidate}>
                {translate(`tickets.fieldTypes.${candidate}`)}
              </MenuItem>
            ))}
          </FormSelectField>
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField name={`fields.${index}.id`} label={translate('tickets.categories.fieldId')} helperText={translate('tickets.categories.fieldIdHelp')} required disabled={disabled} size="small" slotProps={ID_MAX} />
        </Grid>
      </Grid>
      <TextsInput name={`fields.${index}.label`} label={translate('tickets.categories.fieldLabel')} disabled={disabled} />
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <SwitchInput name={`fields.${index}.required`} label={translate('tickets.categories.required')} disabled={disabled} />
        <SwitchInput name={`fields.${index}.internal`} label={translate('tickets.categories.internal')} disabled={disabled} />
      </Box>
      {CHOICE_TYPES.includes(type as never) && <OptionsEditor index={index} disabled={disabled} />}
      <LimitsEditor index={index} disabled={disabled} />
    </Paper>
  );
}

function FieldsEditor({ disabled }: { disabled?: boolean }) {
  const translate = useTranslate();
  const { control, formState } = useFormContext<CategoryDraft>();
  const { fields, append, remove, move } = useFieldArray({ control, name: 'fields' });
  const message = formState.errors.fields?.root?.message ?? (formState.errors.fields as { message?: string } | undefined)?.message;
  return (
    <Box component="section" aria-labelledby="category-fields-title" sx={{ mt: 3 }}>
      <Typography id="category-fields-title" variant="h6" component="h2">
        {translate('tickets.categories.fieldsTitle')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('tickets.categories.fieldsHelp')}
      </Typography>
      {fields.length === 0 && <Typography color="text.secondary">{translate('tickets.categories.noFields')}</Typography>}
      <Box component="ol" sx={{ p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: 2 }}>
        {fields.map((field, index) => (
          <FieldEditor key={field.id} index={index} count={fields.length} disabled={disabled} onMove={(to) => move(index, to)} onRemove={() => remove(index)} />
        ))}
      </Box>
      {message && <FormHelperText error>{translate(message)}</FormHelperText>}
      {!disabled && (
        <Button startIcon={<AddIcon />} sx={{ mt: 1 }} onClick={() => append(emptyField())} disabled={fields.length >= TICKET_LIMITS.fieldsPerCategory}>
          {translate('tickets.categories.addField')}
        </Button>
      )}
    </Box>
  );
}

function CategoryForm({ category }: { category?: TicketCategory }) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const createPath = useCreatePath();
  const dataProvider = useDataProvider<TesseraDataProvider>();
  const canWrite = useCanWriteCategories(category ? 'edit' : 'create');
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<CategoryDraft>({ resolver: categoryResolver, mode: 'onTouched', defaultValues: categoryDraft(category) });
  const save = async (body: CategoryDraft) => {
    setFailure(null);
    try {
      const saved = category
        ? (await dataProvider.update<TicketCategory>(CATEGORIES, { id: category.id, data: body, previousData: category })).data
        : (await dataProvider.create<TicketCategory>(CATEGORIES, { data: body })).data;
      notify('tickets.categories.saved', { type: 'success' });
      if (category) form.reset(categoryDraft(saved));
      else navigate(createPath({ resource: CATEGORIES, type: 'edit', id: saved.id }));
    } catch (error) {
      for (const [path, message] of Object.entries(serverFieldErrors(error) ?? {})) form.setError(path as never, { type: 'server', message });
      setFailure(actionErrorText(error, 'messages.unableToPerformAction'));
    }
  };
  const disabled = !canWrite;
  return (
    <FormProvider {...form}>
      <Paper variant="outlined" component="form" noValidate onSubmit={(event) => void form.handleSubmit((values) => save(values))(event)} sx={{ p: { xs: 2, sm: 3 } }}>
        {category && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {translate('tickets.categories.versionInfo', { version: category.version, count: category.ticketCount })}
          </Typography>
        )}
        <Typography variant="h6" component="h2">
          {translate('tickets.categories.nameTitle')}
        </Typography>
        <TextsInput name="name" label={translate('tickets.categories.fields.name')} all disabled={disabled} />
        <SwitchInput name="active" label={translate('tickets.categories.activeLabel')} disabled={disabled} />
        <FieldsEditor disabled={disabled} />
        <Box sx={{ mt: 2 }}>
          <FormErrorAlert message={failure} />
        </Box>
        {canWrite && (
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
            <Button type="submit" variant="contained" size="large" disabled={form.formState.isSubmitting} startIcon={form.formState.isSubmitting ? <CircularProgress size={18} color="inherit" /> : undefined}>
              {translate('tickets.categories.save')}
            </Button>
          </Box>
        )}
      </Paper>
    </FormProvider>
  );
}

/**
 * /tickets/categories/create and /tickets/categories/{id} (provider staff): the names in each
 * language, active, and the fields (type, id, labels, required, internal, options with their
 * "retired" switch, limits per type), added, removed and reordered. Each save is a new version;
 * the server refuses a change existing tickets could not read (409, its text shown). Others read
 * the definition without buttons.
 */
export default function CategoryEdit() {
  const translate = useTranslate();
  const text = useLocalized();
  const { id } = useParams<{ id: string }>();
  const creating = !id || id === 'create';
  const { data: category, isPending, error, refetch } = useGetOne<TicketCategory>(CATEGORIES, { id: id ?? '' }, { enabled: !creating, onError: () => undefined } as never);
  return (
    <Box sx={{ maxWidth: 1000, minWidth: 0 }}>
      <BackLink resource={CATEGORIES} label="tickets.categories.back" />
      <PageHeading title={translate(creating ? 'screens.ticketCategoryCreate' : 'screens.ticketCategoryDetail')} />
      {creating ? (
        <CategoryForm />
      ) : error && !category ? (
        <RecordLoadError error={error} refetch={refetch} title="tickets.categories.notFoundTitle" message="tickets.categories.notFound" heading={false} />
      ) : isPending || !category ? (
        <CircularProgress aria-label={translate('ra.page.loading')} />
      ) : (
        <>
          <Typography variant="subtitle1" sx={{ mb: 1 }}>
            {text(category.name)}
          </Typography>
          {!category.active && (
            <Alert severity="info" sx={{ mb: 2 }}>
              {translate('tickets.categories.inactive')}
            </Alert>
          )}
          <CategoryForm key={`${category.id}-${category.version}`} category={category} />
        </>
      )}
    </Box>
  );
}

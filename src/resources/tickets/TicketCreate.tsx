import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Button, CircularProgress, MenuItem, Paper, TextField, Typography } from '@mui/material';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useCreatePath, useDataProvider, useGetList, useNotify, useTranslate } from 'react-admin';
import { FormProvider, useController, useForm, useFormContext, useWatch, type Resolver } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { TICKET_LIMITS, TICKET_PRIORITIES, ticketAnswersSchema, ticketPriorityKey, type TicketFile } from '../../../domain/tickets';
import { ticketCreateSchema, type Ticket, type TicketCategory, type TicketCreateBody } from '../../../domain/schemas/tickets';
import { useUserConfiguration } from '../../authProvider/useUserConfiguration';
import { actionErrorText } from '../../components/actionErrorText';
import { FormErrorAlert } from '../../components/FormErrorAlert';
import { FormSelectField } from '../../components/FormSelectField';
import { FormTextField } from '../../components/FormTextField';
import { PageHeading } from '../../components/PageHeading';
import { BackLink } from '../../components/schema';
import { serverFieldErrors } from '../../components/useFormSubmit';
import type { TesseraDataProvider } from '../../dataProvider/types';
import { answersToApi, emptyAnswers, TicketAnswerInputs } from './TicketAnswerInputs';
import { AttachmentsInput, CATEGORIES, CATEGORY_NAME_SORT, TICKETS, useLocalized } from './ticketShared';

export interface TicketCreateValues {
  categoryId: string;
  priority: string;
  description: string;
  email: string;
  answers: Record<string, unknown>;
  attachments: TicketFile[];
}

/**
 * The create form's check: the body's own rules, with the answers checked by THE schema built
 * from the chosen category's fields (`ticketAnswersSchema(fields, 'customer')`, the one the
 * server applies). Numbers typed as text and local dates and times are read first (answersToApi).
 */
export function ticketCreateResolver(categories: readonly TicketCategory[]): Resolver<TicketCreateValues> {
  return (values, context, options) => {
    const category = categories.find((candidate) => candidate.id === values.categoryId);
    const fields = category?.fields ?? [];
    const schema = ticketCreateSchema.extend({ answers: ticketAnswersSchema(fields, 'customer') });
    const body = {
      ...values,
      email: values.email.trim() === '' ? undefined : values.email.trim(),
      answers: answersToApi(fields, values.answers),
    };
    return zodResolver(schema as never)(body as never, context, options as never) as never;
  };
}

function CategoryPicker({ categories }: { categories: readonly TicketCategory[] }) {
  const text = useLocalized();
  const translate = useTranslate();
  const { control } = useFormContext<TicketCreateValues>();
  const { field, fieldState } = useController({ name: 'categoryId', control });
  return (
    <TextField
      select
      {...field}
      value={field.value ?? ''}
      label={translate('tickets.fields.category')}
      required
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message ? translate(fieldState.error.message) : ' '}
      fullWidth
      margin="normal"
    >
      {categories.map((category) => (
        <MenuItem key={category.id} value={category.id}>
          {text(category.name)}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** A file field's answer: a picked file (an empty field holds null). */
const isTicketFile = (answer: unknown): answer is TicketFile => typeof answer === 'object' && answer !== null && 'content' in answer && 'name' in answer;

function Attachments() {
  const translate = useTranslate();
  const { control } = useFormContext<TicketCreateValues>();
  const { field } = useController({ name: 'attachments', control });
  // the category's file fields take from the same limit: their chosen files count too
  const answers = useWatch({ control, name: 'answers' });
  const inFields = Object.values(answers ?? {}).filter(isTicketFile).length;
  return (
    <Box component="section" aria-labelledby="ticket-attachments-title" sx={{ mt: 2 }}>
      <Typography id="ticket-attachments-title" variant="subtitle1" component="h3">
        {translate('tickets.create.attachments')}
      </Typography>
      <AttachmentsInput value={field.value ?? []} onChange={field.onChange} per="ticket" others={inFields} />
    </Box>
  );
}

/**
 * /tickets/create (SPEC §2): the category (active ones, by their name in the user's language),
 * priority, description and the e-mail answers go to (the user's own, changeable); then the
 * category's fields, one input per type, from its current definition; then extra attachments.
 * The answers are checked with the schema the server applies; a field the server refuses anyway
 * (`answers.<id>`) shows its message on its input. Created: "Ticket created" and its page.
 */
export default function TicketCreate() {
  const translate = useTranslate();
  const text = useLocalized();
  const notify = useNotify();
  const navigate = useNavigate();
  const createPath = useCreatePath();
  const dataProvider = useDataProvider<TesseraDataProvider>();
  const { data: configuration } = useUserConfiguration();
  const { data: listed, isPending } = useGetList<TicketCategory>(CATEGORIES, { filter: { active: true }, pagination: { page: 1, perPage: 100 }, sort: CATEGORY_NAME_SORT });
  const categories = useMemo(() => (listed ?? []).filter((category) => category.active), [listed]);
  const resolver = useMemo(() => ticketCreateResolver(categories), [categories]);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<TicketCreateValues>({
    resolver,
    mode: 'onTouched',
    defaultValues: { categoryId: '', priority: 'MEDIUM', description: '', email: '', answers: {}, attachments: [] },
  });
  const { setValue, getValues, watch, setError, handleSubmit, formState } = form;
  const categoryId = watch('categoryId');
  const category = categories.find((candidate) => candidate.id === categoryId);

  // the e-mail starts as the user's own
  const userEmail = configuration?.user.email;
  useEffect(() => {
    if (userEmail && getValues('email') === '') setValue('email', userEmail);
  }, [userEmail, getValues, setValue]);
  // another category asks other questions: its answers start empty
  useEffect(() => {
    setValue('answers', category ? emptyAnswers(category.fields, 'customer') : {});
  }, [category, setValue]);

  const submit = useCallback(
    async (body: TicketCreateValues) => {
      setFailure(null);
      try {
        const ticket: Ticket = await dataProvider.createTicket(body as unknown as TicketCreateBody);
        notify('success.ticketCreated', { type: 'success' });
        navigate(createPath({ resource: TICKETS, type: 'edit', id: ticket.id }));
      } catch (error) {
        for (const [path, message] of Object.entries(serverFieldErrors(error) ?? {})) setError(path as never, { type: 'server', message });
        setFailure(actionErrorText(error, 'tickets.create.failed'));
      }
    },
    [dataProvider, notify, navigate, createPath, setError],
  );

  return (
    <Box sx={{ maxWidth: 800, minWidth: 0 }}>
      <BackLink resource={TICKETS} label="tickets.detail.back" />
      <PageHeading title={translate('screens.ticketCreate')} />
      <FormProvider {...form}>
        <Paper variant="outlined" component="form" noValidate onSubmit={(event) => void handleSubmit((values) => submit(values))(event)} sx={{ p: { xs: 2, sm: 3 } }}>
          {isPending ? (
            <CircularProgress aria-label={translate('ra.page.loading')} />
          ) : categories.length === 0 ? (
            <Typography>{translate('tickets.create.noCategory')}</Typography>
          ) : (
            <>
              <CategoryPicker categories={categories} />
              <FormSelectField name="priority" label={translate('tickets.fields.priority')} required>
                {TICKET_PRIORITIES.map((priority) => (
                  <MenuItem key={priority} value={priority}>
                    {translate(ticketPriorityKey(priority))}
                  </MenuItem>
                ))}
              </FormSelectField>
              <FormTextField name="description" label={translate('tickets.fields.description')} required multiline minRows={4} slotProps={{ htmlInput: { maxLength: TICKET_LIMITS.descriptionMax } }} />
              <FormTextField name="email" type="email" label={translate('tickets.fields.email')} helperText={translate('tickets.create.emailHelp')} slotProps={{ htmlInput: { maxLength: TICKET_LIMITS.emailMax } }} />
              {category && category.fields.some((field) => !field.internal) && (
                <Box component="section" aria-labelledby="ticket-fields-title" sx={{ mt: 2 }}>
                  <Typography id="ticket-fields-title" variant="subtitle1" component="h3">
                    {translate('tickets.create.categoryFields', { category: text(category.name) })}
                  </Typography>
                  <TicketAnswerInputs key={category.id} fields={category.fields} audience="customer" />
                </Box>
              )}
              <Attachments />
              <FormErrorAlert message={failure} />
              <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
                <Button type="submit" variant="contained" size="large" disabled={formState.isSubmitting} startIcon={formState.isSubmitting ? <CircularProgress size={18} color="inherit" /> : undefined}>
                  {translate('tickets.create.submit')}
                </Button>
              </Box>
            </>
          )}
        </Paper>
      </FormProvider>
    </Box>
  );
}

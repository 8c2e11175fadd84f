import { Box, Button, CircularProgress, Paper, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { useDataProvider, useLocaleState, useNotify, useRefresh, useTranslate } from 'react-admin';
import { FormProvider, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ticketAnswersSchema, type TicketFieldDefinition } from '../../../domain/tickets';
import type { Ticket } from '../../../domain/schemas/tickets';
import { decimalSeparator } from '../../../domain/format';
import { actionErrorText } from '../../components/actionErrorText';
import { FormErrorAlert } from '../../components/FormErrorAlert';
import { serverFieldErrors } from '../../components/useFormSubmit';
import type { TesseraDataProvider } from '../../dataProvider/types';
import { formatDate, formatDateTime } from '../../i18n/dates';
import { answersToApi, answerToInput, emptyAnswers, TicketAnswerInputs } from './TicketAnswerInputs';
import { AttachmentButton, useLocalized } from './ticketShared';

const grid = { display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' }, gap: 2, m: 0 };

function Item({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <Box sx={{ minWidth: 0, ...(wide && { gridColumn: '1 / -1' }) }}>
      <Typography component="dt" variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/**
 * A number field's answer as the customer typed it: no thousands separator, every decimal they
 * typed, the language's decimal separator ("4711", "12,5" in Italian, "12.5" in English), as a
 * number input shows it (SchemaKindInputs). A category's number field holds an order number, a
 * code, a quantity: an identifier is not a quantity to group ("4.711" reads as another number;
 * domain/format.ts writes identifiers ungrouped too). The field types (TICKET_FIELD_TYPES) have
 * no amount: were one added, it would be written as money (formatCents), not through this.
 */
export function formatAnswerNumber(value: number, language: string | undefined): string {
  return String(value).replace('.', decimalSeparator(language));
}

/** A stored answer as its field's type reads it: an option's label (retired ones too), a day, an instant, a number as typed, a file to download. */
function Answer({ ticket, field }: { ticket: Ticket; field: TicketFieldDefinition }) {
  const text = useLocalized();
  const [locale] = useLocaleState();
  const value = ticket.answers[field.id];
  if (value === undefined || value === null || value === '') return <>—</>;
  if (typeof value === 'object') return <AttachmentButton ticketId={ticket.id} attachment={{ id: value.attachmentId, name: value.name, size: value.size }} />;
  switch (field.type) {
    case 'dropdown':
    case 'radio': {
      const option = field.options?.find((candidate) => candidate.id === value);
      return <>{option ? text(option.label) : String(value)}</>;
    }
    case 'date':
      return <>{formatDate(String(value))}</>;
    case 'dateTime':
      return <>{formatDateTime(String(value))}</>;
    case 'number':
      return <>{typeof value === 'number' ? formatAnswerNumber(value, locale) : value}</>;
    default:
      return <>{String(value)}</>;
  }
}

/**
 * The information panel: category, the fields of the version the ticket was made with and their
 * answers (file answers download), agency, author, date, e-mail, description and the files that
 * came with it. Internal fields are in staff's own form below (the API sends them to staff only).
 */
export function TicketInfo({ ticket }: { ticket: Ticket }) {
  const translate = useTranslate();
  const text = useLocalized();
  const files = ticket.attachments.filter((attachment) => attachment.messageId === null && attachment.fieldId === null);
  return (
    <Paper variant="outlined" component="section" aria-labelledby="ticket-info-title" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="ticket-info-title" variant="h6" component="h2" sx={{ mb: 2 }}>
        {translate('tickets.detail.information')}
      </Typography>
      <Box component="dl" sx={grid}>
        <Item label={translate('tickets.fields.category')}>{text(ticket.categoryName)}</Item>
        <Item label={translate('tickets.fields.agency')}>{ticket.companyName}</Item>
        <Item label={translate('tickets.fields.createdBy')}>{ticket.createdBy ?? '—'}</Item>
        <Item label={translate('tickets.fields.createdAt')}>{formatDateTime(ticket.createdAt)}</Item>
        <Item label={translate('tickets.fields.email')}>{ticket.email}</Item>
        {ticket.fields
          .filter((field) => !field.internal)
          .map((field) => (
            <Item key={field.id} label={text(field.label)}>
              <Answer ticket={ticket} field={field} />
            </Item>
          ))}
        <Item label={translate('tickets.fields.description')} wide>
          {ticket.description}
        </Item>
        {files.length > 0 && (
          <Item label={translate('tickets.detail.attachments')} wide>
            <Box component="span" sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              {files.map((file) => (
                <AttachmentButton key={file.id} ticketId={ticket.id} attachment={file} />
              ))}
            </Box>
          </Item>
        )}
      </Box>
    </Paper>
  );
}

/** The internal fields' form values from the stored answers (a file field keeps its stored answer unless a new file is picked). */
function internalValues(ticket: Ticket, fields: readonly TicketFieldDefinition[]): Record<string, unknown> {
  const values = emptyAnswers(fields, 'internal');
  for (const field of fields) {
    const value = ticket.answers[field.id];
    if (value === undefined || typeof value === 'object') continue;
    values[field.id] = answerToInput(field, value);
  }
  return values;
}

/** Provider staff: the internal fields (never shown to the customer), checked with the same schema for the 'internal' audience. */
export function TicketInternalForm({ ticket }: { ticket: Ticket }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<TesseraDataProvider>();
  const fields = ticket.fields.filter((field) => field.internal);
  const [failure, setFailure] = useState<string | null>(null);
  const resolver: Resolver<{ answers: Record<string, unknown> }> = async (values, context, options) => {
    const result = await zodResolver(ticketAnswersSchema(fields, 'internal') as never)(answersToApi(fields, values.answers) as never, context, options as never);
    // the schema reads the answers object: its values and errors belong under `answers`
    const errors = result.errors as Record<string, unknown>;
    return (Object.keys(errors).length > 0 ? { values: {}, errors: { answers: errors } } : { values: { answers: result.values }, errors: {} }) as never;
  };
  const form = useForm<{ answers: Record<string, unknown> }>({ resolver, mode: 'onTouched', defaultValues: { answers: internalValues(ticket, fields) } });
  if (fields.length === 0 || !ticket.actions.includes('internal')) return null;
  const save = async (values: { answers: Record<string, unknown> }) => {
    setFailure(null);
    try {
      // the API replaces the internal answers: a stored internal file not picked again is not kept (the answers schema takes a new file only)
      await dataProvider.saveTicketInternal(ticket.id, values.answers);
      notify('tickets.success.internal', { type: 'success' });
      refresh();
    } catch (error) {
      for (const [path, message] of Object.entries(serverFieldErrors(error) ?? {})) form.setError(path as never, { type: 'server', message });
      setFailure(actionErrorText(error, 'messages.unableToPerformAction'));
    }
  };
  return (
    <Paper variant="outlined" component="section" aria-labelledby="ticket-internal-title" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="ticket-internal-title" variant="h6" component="h2">
        {translate('tickets.detail.internal')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate('tickets.detail.internalHelp')}
      </Typography>
      <FormProvider {...form}>
        <Box component="form" noValidate onSubmit={(event) => void form.handleSubmit(save)(event)}>
          <TicketAnswerInputs fields={fields} audience="internal" />
          {fields.some((field) => field.type === 'file' && typeof ticket.answers[field.id] === 'object') && (
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              {fields.map((field) => {
                const value = ticket.answers[field.id];
                return value && typeof value === 'object' ? <AttachmentButton key={field.id} ticketId={ticket.id} attachment={{ id: value.attachmentId, name: value.name, size: value.size }} /> : null;
              })}
            </Box>
          )}
          <FormErrorAlert message={failure} />
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
            <Button type="submit" variant="contained" disabled={form.formState.isSubmitting} startIcon={form.formState.isSubmitting ? <CircularProgress size={16} color="inherit" /> : undefined}>
              {translate('tickets.detail.saveInternal')}
            </Button>
          </Box>
        </Box>
      </FormProvider>
    </Paper>
  );
}

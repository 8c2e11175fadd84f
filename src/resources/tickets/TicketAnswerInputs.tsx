import UploadFileIcon from '@mui/icons-material/UploadFile';
import dayjs from 'dayjs';
import { Box, Chip, FormControl, FormControlLabel, FormHelperText, FormLabel, MenuItem, Radio, RadioGroup, TextField } from '@mui/material';
import { useId, type ComponentType } from 'react';
import { useTranslate } from 'react-admin';
import { useController, useFormContext } from 'react-hook-form';
import { answerMaxLength, readTicketNumber, TICKET_ATTACHMENT_ACCEPT, TICKET_LIMITS, type TicketAnswerAudience, type TicketFieldDefinition, type TicketFieldType, type TicketFile } from '../../../domain/tickets';
import { FormDateField } from '../../components/FormDateField';
import { FilePickButton } from '../../components/FilePickButton';
import { DISPLAY_DAY_TIME, displayDayOf, isoDayOf, parseDayTime } from '../../components/localDayBounds';
import { useAttachmentRule, useLocalized, useTicketFilePick } from './ticketShared';

/** Where a field's answer lives in the form (and in the server's field errors: `answers.<id>`). */
export const answerName = (field: TicketFieldDefinition) => `answers.${field.id}`;

interface AnswerInputProps {
  field: TicketFieldDefinition;
  disabled?: boolean;
}

function useAnswer(field: TicketFieldDefinition) {
  const translate = useTranslate();
  const text = useLocalized();
  const { control } = useFormContext();
  const { field: input, fieldState } = useController({ name: answerName(field), control });
  const error = fieldState.error?.message;
  const help = field.help ? text(field.help) : undefined;
  return { input, error, label: text(field.label), helperText: error ? translate(error) : (help ?? ' ') };
}

/** text, textArea, email, number: a text field of the matching input type. */
function textInput(type: 'text' | 'email' | 'number', options: { multiline?: boolean; maxLength?: (field: TicketFieldDefinition) => number } = {}) {
  function TextAnswer({ field, disabled }: AnswerInputProps) {
    const { input, error, label, helperText } = useAnswer(field);
    const limits = field.limits ?? {};
    return (
      <TextField
        name={input.name}
        inputRef={input.ref}
        value={input.value ?? ''}
        onChange={input.onChange}
        onBlur={input.onBlur}
        label={label}
        required={field.required}
        disabled={disabled}
        error={Boolean(error)}
        helperText={helperText}
        // numbers are typed as text (a decimal comma is read), the schema says when it is not one
        type={type === 'number' ? 'text' : type}
        multiline={options.multiline}
        minRows={options.multiline ? 3 : undefined}
        fullWidth
        margin="normal"
        slotProps={{
          htmlInput: {
            maxLength: options.maxLength?.(field),
            inputMode: type === 'number' ? (limits.integer ? 'numeric' : 'decimal') : undefined,
          },
        }}
      />
    );
  }
  return TextAnswer;
}

/**
 * date, dateTime: the app's one date input (SPEC §9, components/DateTimeInput): DD/MM/YYYY, or
 * DD/MM/YYYY HH:mm, typed or chosen on the calendar within the field's day bounds, whatever the
 * browser's locale (a native input followed the browser: issue 43). The form value is the text;
 * `answersToApi` reads it.
 */
function DateAnswer({ field, disabled }: AnswerInputProps) {
  const translate = useTranslate();
  const text = useLocalized();
  const label = text(field.label);
  const limits = field.limits ?? {};
  return (
    <FormDateField
      name={answerName(field)}
      withTime={field.type === 'dateTime'}
      calendarLabel={translate('dateInput.openCalendar', { label })}
      min={limits.minDate}
      max={limits.maxDate}
      label={label}
      required={field.required}
      disabled={disabled}
      helperText={field.help ? text(field.help) : undefined}
    />
  );
}

function ChoiceAnswer({ field, disabled }: AnswerInputProps) {
  const text = useLocalized();
  const { input, error, label, helperText } = useAnswer(field);
  // a retired option is not offered any more
  const options = (field.options ?? []).filter((option) => !option.retired);
  return (
    <TextField
      select
      name={input.name}
      inputRef={input.ref}
      value={input.value ?? ''}
      onChange={input.onChange}
      onBlur={input.onBlur}
      label={label}
      required={field.required}
      disabled={disabled}
      error={Boolean(error)}
      helperText={helperText}
      fullWidth
      margin="normal"
    >
      {!field.required && (
        <MenuItem value="">
          <em>—</em>
        </MenuItem>
      )}
      {options.map((option) => (
        <MenuItem key={option.id} value={option.id}>
          {text(option.label)}
        </MenuItem>
      ))}
    </TextField>
  );
}

function RadioAnswer({ field, disabled }: AnswerInputProps) {
  const text = useLocalized();
  const { input, error, label, helperText } = useAnswer(field);
  const options = (field.options ?? []).filter((option) => !option.retired);
  return (
    <FormControl component="fieldset" error={Boolean(error)} required={field.required} disabled={disabled} margin="normal" fullWidth>
      <FormLabel component="legend">{label}</FormLabel>
      <RadioGroup row name={input.name} value={input.value ?? ''} onChange={input.onChange} onBlur={input.onBlur}>
        {options.map((option) => (
          <FormControlLabel key={option.id} value={option.id} control={<Radio />} label={text(option.label)} />
        ))}
      </RadioGroup>
      <FormHelperText>{helperText}</FormHelperText>
    </FormControl>
  );
}

/** A file answer: the rule shown before picking, the picked file's name (removable); refused files never reach the form. */
function FileAnswer({ field, disabled }: AnswerInputProps) {
  const translate = useTranslate();
  const rule = useAttachmentRule();
  const ruleId = useId();
  const { input, error, label } = useAnswer(field);
  const { refused, reading, pick } = useTicketFilePick((file) => input.onChange(file));
  const value = input.value as TicketFile | null | undefined;
  const message = refused ?? error;
  return (
    <FormControl component="fieldset" error={Boolean(message)} required={field.required} disabled={disabled} margin="normal" fullWidth aria-describedby={ruleId}>
      <FormLabel component="legend">{label}</FormLabel>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mt: 1 }}>
        {!disabled && <FilePickButton label={translate(value ? 'tickets.files.replace' : 'tickets.files.choose', { field: label })} accept={TICKET_ATTACHMENT_ACCEPT} busy={reading} icon={<UploadFileIcon />} testId={`ticket-field-${field.id}`} onFile={(file) => void pick(file)} />}
        {value?.name && <Chip label={value.name} onDelete={disabled ? undefined : () => input.onChange(null)} />}
      </Box>
      <FormHelperText id={ruleId}>{rule}</FormHelperText>
      {message && <FormHelperText role="alert">{translate(message)}</FormHelperText>}
    </FormControl>
  );
}

/** One input component per SPEC §3 field type. */
export const ANSWER_INPUTS: Record<TicketFieldType, ComponentType<AnswerInputProps>> = {
  text: textInput('text', { maxLength: answerMaxLength }),
  textArea: textInput('text', { multiline: true, maxLength: answerMaxLength }),
  number: textInput('number'),
  email: textInput('email', { maxLength: () => TICKET_LIMITS.emailMax }),
  date: DateAnswer,
  dateTime: DateAnswer,
  dropdown: ChoiceAnswer,
  radio: RadioAnswer,
  file: FileAnswer,
};

/** The inputs of a category version's fields for one audience (the customer's form, or staff's internal fields), in their order. */
export function TicketAnswerInputs({ fields, audience, disabled }: { fields: readonly TicketFieldDefinition[]; audience: TicketAnswerAudience; disabled?: boolean }) {
  return (
    <>
      {fields
        .filter((field) => field.internal === (audience === 'internal'))
        .map((field) => {
          const Input = ANSWER_INPUTS[field.type];
          return <Input key={field.id} field={field} disabled={disabled} />;
        })}
    </>
  );
}

/** The form's empty answers: '' for typed values, null for a file. */
export function emptyAnswers(fields: readonly TicketFieldDefinition[], audience: TicketAnswerAudience): Record<string, unknown> {
  return Object.fromEntries(fields.filter((field) => field.internal === (audience === 'internal')).map((field) => [field.id, field.type === 'file' ? null : '']));
}

/**
 * A stored answer → the form's value: a number as text, a day as DD/MM/YYYY, an instant as the
 * local DD/MM/YYYY HH:mm (what the date inputs show, SPEC §9); the rest as stored.
 */
export function answerToInput(field: TicketFieldDefinition, value: string | number): string | number {
  if (field.type === 'number') return String(value);
  if (field.type === 'date' && typeof value === 'string') return displayDayOf(value) || value;
  if (field.type === 'dateTime' && typeof value === 'string') {
    const date = dayjs(value);
    return date.isValid() ? date.format(DISPLAY_DAY_TIME) : value;
  }
  return value;
}

/**
 * The form's answers → the values the answers schema reads: a number typed as text (decimal
 * comma or point) as a number, a DD/MM/YYYY day as YYYY-MM-DD, a local DD/MM/YYYY HH:mm as an
 * instant; anything unreadable stays as typed, for the schema to refuse with its own message.
 */
export function answersToApi(fields: readonly TicketFieldDefinition[], values: Record<string, unknown> | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [id, value] of Object.entries(values ?? {})) {
    const field = fields.find((candidate) => candidate.id === id);
    if (value === '' || value === null || value === undefined) continue;
    if (field?.type === 'number' && typeof value === 'string') out[id] = readTicketNumber(value) ?? value;
    else if (field?.type === 'date' && typeof value === 'string') out[id] = isoDayOf(value);
    else if (field?.type === 'dateTime' && typeof value === 'string') out[id] = parseDayTime(value)?.toISOString() ?? value;
    else out[id] = value;
  }
  return out;
}

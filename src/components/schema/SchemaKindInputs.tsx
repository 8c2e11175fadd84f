import ClearIcon from '@mui/icons-material/Clear';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Box, IconButton, InputAdornment, TextField, Typography } from '@mui/material';
import dayjs from 'dayjs';
import { useState, type ReactNode } from 'react';
import { FieldTitle, InputHelperText, useInput, useLocaleState, useTranslate } from 'react-admin';
import type { ResolvedInputField } from '../../../domain/fields';
import { amountInputText, decimalSeparator } from '../../../domain/format';
import { readAmount, readDecimal, readWholeNumber } from '../../../domain/money';
import { DateTimeInput } from '../DateTimeInput';
import { FilePickButton } from '../FilePickButton';
import { fileToUpload } from '../fileReading';
import { displayDayOf, DISPLAY_DAY_TIME, parseDay, parseDayTime } from '../localDayBounds';

/**
 * The form inputs of the kinds whose typed text is not the value the API takes: money (euros in
 * the user's language → cents), counts and percentages (read in the user's language by
 * domain/money.ts → a number), days and moments (DD/MM/YYYY [HH:mm], SPEC §9 → an ISO day or
 * instant) and files (a chosen file → SPEC §3's { type, name, content }). Each keeps the text as
 * typed; the form value is what the text reads as, or the text itself when it reads as nothing,
 * so the API's schema (the same rule the server applies) reports it on the field. A declared
 * helper line shows under the input until an error takes its place.
 */

interface KindInputProps {
  field: ResolvedInputField;
  readOnly: boolean;
}

/** A react-admin input's frame: the declared label and the rule's message under the field (the required mark is the MUI field's own, from `required`, which also sets aria-required). */
function useKindInput(field: ResolvedInputField) {
  const input = useInput({ source: field.source, isRequired: field.required });
  // a file's rule speaks of its parts (content too large): the first part's message is the field's
  const found = input.fieldState.error as unknown as Record<string, { message?: unknown } | undefined> | undefined;
  const message = (part: { message?: unknown } | undefined) => (typeof part?.message === 'string' ? part.message : undefined);
  const error = input.fieldState.invalid ? (message(found) ?? Object.values(found ?? {}).map(message).find(Boolean)) : undefined;
  return {
    ...input,
    label: <FieldTitle label={field.label} source={field.source} />,
    invalid: Boolean(error),
    helperText: <InputHelperText error={error} helperText={field.helper} />,
  };
}

function TextKindInput({ field, readOnly, initial, read, inputMode, adornment }: KindInputProps & { initial: (value: unknown, language: string) => string; read: (text: string, language: string) => unknown; inputMode: 'decimal' | 'numeric'; adornment?: ReactNode }) {
  const [language] = useLocaleState();
  const input = useKindInput(field);
  const [text, setText] = useState(() => initial(input.field.value, language));
  return (
    <TextField
      id={input.id}
      name={input.field.name}
      inputRef={input.field.ref}
      label={input.label}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        const trimmed = event.target.value.trim();
        input.field.onChange(trimmed === '' ? '' : (read(trimmed, language) ?? trimmed));
      }}
      onBlur={input.field.onBlur}
      error={input.invalid}
      helperText={input.helperText}
      required={field.required}
      fullWidth
      slotProps={{ htmlInput: { inputMode, autoComplete: 'off', readOnly }, input: adornment ? { endAdornment: <InputAdornment position="end">{adornment}</InputAdornment> } : undefined }}
    />
  );
}

/** An amount typed in euros (the one reader of domain/money.ts); the form value is cents. */
export function MoneyKindInput(props: KindInputProps) {
  return (
    <TextKindInput
      {...props}
      inputMode="decimal"
      adornment="€"
      initial={(value, language) => (typeof value === 'number' ? amountInputText(value, language) : String(value ?? ''))}
      read={(text, language) => readAmount(text, language).cents ?? null}
    />
  );
}

/**
 * A count (domain `readWholeNumber`: "10.000" in Italian, "10,000" in English) or a percentage
 * (0–100, shown with its sign; domain `readDecimal`: "12,5" in Italian, "12.5" in English).
 */
export function NumberKindInput({ percent = false, ...props }: KindInputProps & { percent?: boolean }) {
  return (
    <TextKindInput
      {...props}
      inputMode={percent ? 'decimal' : 'numeric'}
      adornment={percent ? '%' : undefined}
      initial={(value, language) => (typeof value === 'number' ? String(value).replace('.', decimalSeparator(language)) : String(value ?? ''))}
      read={percent ? readDecimal : readWholeNumber}
    />
  );
}

/** A day (DD/MM/YYYY → YYYY-MM-DD) or a moment (DD/MM/YYYY HH:mm in the user's zone → an ISO instant), typed or picked on the calendar. */
export function DayKindInput({ field, readOnly, withTime }: KindInputProps & { withTime: boolean }) {
  const translate = useTranslate();
  const input = useKindInput(field);
  const [text, setText] = useState(() => {
    const value = typeof input.field.value === 'string' ? input.field.value : '';
    return withTime ? (value && dayjs(value).isValid() ? dayjs(value).format(DISPLAY_DAY_TIME) : '') : displayDayOf(value);
  });
  const change = (next: string) => {
    setText(next);
    const moment = withTime ? parseDayTime(next) : parseDay(next);
    input.field.onChange(next.trim() === '' ? '' : moment ? (withTime ? moment.toISOString() : moment.format('YYYY-MM-DD')) : next);
  };
  return (
    <DateTimeInput
      id={input.id}
      name={input.field.name}
      inputRef={input.field.ref}
      label={input.label}
      value={text}
      withTime={withTime}
      onChange={change}
      onBlur={input.field.onBlur}
      onPicked={input.field.onBlur}
      calendarLabel={translate('dateInput.openCalendar', { label: translate(field.label) })}
      error={input.invalid}
      helperText={input.helperText}
      required={field.required}
      disabled={readOnly}
      fullWidth
    />
  );
}

/** A file chosen with a real button (SPEC §3 "File to upload"): its name shown, a button to remove it. */
export function FileKindInput({ field, readOnly }: KindInputProps) {
  const translate = useTranslate();
  const input = useKindInput(field);
  const value = input.field.value as { name?: string } | string | null | undefined;
  const name = typeof value === 'string' ? value : value?.name;
  const label = translate(field.label);
  return (
    <Box sx={{ my: 1 }} role="group" aria-label={label}>
      <Typography variant="body2" color="text.secondary" component="p" sx={{ mb: 0.5 }}>
        {label}
        {field.required ? ' *' : ''}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        {!readOnly && (
          <FilePickButton
            label={translate('fileInput.choose', { label })}
            accept={field.file?.accept ?? ''}
            icon={<UploadFileIcon />}
            onFile={(file) => void fileToUpload(file).then((upload) => input.field.onChange(upload))}
          />
        )}
        <Typography variant="body2">{name || translate('fileInput.none')}</Typography>
        {name && !readOnly && (
          <IconButton size="small" aria-label={translate('fileInput.remove', { name })} onClick={() => input.field.onChange(field.required ? '' : null)}>
            <ClearIcon fontSize="small" />
          </IconButton>
        )}
      </Box>
      <Typography variant="caption" color={input.invalid ? 'error' : 'text.secondary'} component="div">
        {input.helperText}
      </Typography>
    </Box>
  );
}

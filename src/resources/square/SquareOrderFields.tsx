import { Box, MenuItem, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { SQUARE_LIMITS, SQUARE_TYPOLOGY_CHOICES } from '../../../domain/square';
import { SQUARE_HOST_LENGTH, squareOrderCreateSchema } from '../../../domain/schemas/square';
import { readWholeNumber } from '../../../domain/money';
import { i18n } from '../../i18n/i18n';

/** The order's own fields on the create page, as typed (validMonths as text until it is read). */
export interface SquareOrderDraft {
  typology: string;
  host: string;
  referentEmail: string;
  validMonths: string;
}
export type SquareDraftField = keyof SquareOrderDraft;

export const EMPTY_DRAFT: SquareOrderDraft = { typology: '', host: '', referentEmail: '', validMonths: String(SQUARE_LIMITS.validMonthsDefault) };

/** The months as typed, read as the other counts (domain `readWholeNumber`: "1e1" or "12,0" are not months). */
const monthsOf = (draft: SquareOrderDraft) => readWholeNumber(draft.validMonths, i18n.language) ?? Number.NaN;
const valueOf = (draft: SquareOrderDraft, field: SquareDraftField): unknown => (field === 'validMonths' ? monthsOf(draft) : draft[field]);

/** A field's message key (the API's own rule, squareOrderCreateSchema), or null when it is good. */
export function draftError(draft: SquareOrderDraft, field: SquareDraftField): string | null {
  const result = squareOrderCreateSchema.shape[field].safeParse(valueOf(draft, field));
  return result.success ? null : (result.error.issues[0]?.message ?? 'validation.invalid');
}

export const draftValid = (draft: SquareOrderDraft) => (['typology', 'host', 'referentEmail', 'validMonths'] as const).every((field) => draftError(draft, field) === null);

/** The body's order fields, once `draftValid`. */
export const draftBody = (draft: SquareOrderDraft) => ({
  typology: draft.typology as (typeof squareOrderCreateSchema.shape.typology)['options'][number],
  host: draft.host.trim(),
  referentEmail: draft.referentEmail.trim(),
  validMonths: monthsOf(draft),
});

/**
 * Order type, host, referent e-mail and months of validity, each checked by the API's own rule
 * once touched (or as the server answered: `serverErrors`); the messages name their limits.
 */
export function SquareOrderFields({
  draft,
  touched,
  serverErrors,
  onChange,
  onTouch,
}: {
  draft: SquareOrderDraft;
  touched: ReadonlySet<SquareDraftField>;
  serverErrors: Partial<Record<SquareDraftField, string>>;
  onChange: (field: SquareDraftField, value: string) => void;
  onTouch: (field: SquareDraftField) => void;
}) {
  const translate = useTranslate();
  // a field's rule said before anything is typed (issue 43): the months of validity state their range
  const hints: Partial<Record<SquareDraftField, string>> = {
    validMonths: translate('square.create.validMonthsHelp', { min: SQUARE_LIMITS.validMonthsMin, smart_count: SQUARE_LIMITS.validMonthsMax }),
  };
  const props = (field: SquareDraftField, label: string) => {
    const message = serverErrors[field] ?? (touched.has(field) ? draftError(draft, field) : null);
    return {
      id: `square-${field}`,
      label: translate(label),
      value: draft[field],
      required: true,
      fullWidth: true,
      error: message !== null,
      helperText: message ? translate(message) : (hints[field] ?? ' '),
      onChange: (event: { target: { value: string } }) => onChange(field, event.target.value),
      onBlur: () => onTouch(field),
    };
  };
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)' }, columnGap: 2, rowGap: 1 }}>
      <TextField select {...props('typology', 'square.fields.typology')}>
        {SQUARE_TYPOLOGY_CHOICES.map((choice) => (
          <MenuItem key={choice.id} value={choice.id}>
            {translate(choice.name)}
          </MenuItem>
        ))}
      </TextField>
      <TextField {...props('host', 'square.fields.host')} inputProps={{ maxLength: SQUARE_HOST_LENGTH.max, autoCapitalize: 'none' }} />
      <TextField {...props('referentEmail', 'square.fields.referentEmail')} type="email" inputProps={{ maxLength: SQUARE_LIMITS.maxEmailLength }} autoComplete="email" />
      <TextField
        {...props('validMonths', 'square.fields.validMonths')}
        type="number"
        inputProps={{ min: SQUARE_LIMITS.validMonthsMin, max: SQUARE_LIMITS.validMonthsMax, step: 1, inputMode: 'numeric' }}
      />
    </Box>
  );
}

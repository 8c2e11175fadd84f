import { Grid, MenuItem } from '@mui/material';
import { useCallback, useMemo, type ReactNode } from 'react';
import { useListContext, useLocaleState, useTranslate } from 'react-admin';
import type { FieldReference } from '../../../domain/fields';
import { filterValueFromApi, filterValueToApi, type FilterFormValues, type FilterKey, type FilterReaders, type FilterSet, type FilterWriters } from '../../../domain/filters';
import { readAmount } from '../../../domain/money';
import { FormDateField } from '../FormDateField';
import { amountInputText } from '../../i18n/formatMoney';
import { FormSelectField } from '../FormSelectField';
import { FormTextField } from '../FormTextField';
import { ListFilterForm } from '../ListFilterForm';
import type { FilterErrorText } from '../listFilterErrors';
import { displayDayOf, isWrongDay, localDayEnd, localDayStart } from '../localDayBounds';
import { ReferenceAutocompleteInput } from '../ReferenceAutocompleteInput';
import { useCanListChoices } from '../ReferenceChoicesInput';
import { ResponsiveListFilters } from '../ResponsiveListFilters';
import { useFieldText } from './fieldText';
import { FilterChipRow, ReferenceText } from './FilterChips';

/** Per API key, an input of the list's own in place of the declared one (a card picked by its code). */
export type FilterInputs = Record<string, ReactNode>;

/** Form values → the API filter (keys with no value left out), and back: the declaration's kinds, days in the user's time zone, amounts in the user's language. */
export function useFilterConversions(set: FilterSet) {
  const [language] = useLocaleState();
  const { read, write } = useMemo(() => {
    const read: FilterReaders = { dayStart: localDayStart, dayEnd: localDayEnd, cents: (text) => readAmount(text, language).cents ?? text };
    const write: FilterWriters = { day: displayDayOf, euros: (cents) => amountInputText(cents, language) };
    return { read, write };
  }, [language]);
  const toApi = useCallback(
    (values: FilterFormValues) => Object.fromEntries(set.keys.flatMap((input) => {
      const value = filterValueToApi(input, values[input.key] ?? null, read);
      return value === undefined ? [] : [[input.key, value]];
    })),
    [set, read],
  );
  const fromApi = useCallback((filter: Record<string, unknown>) => Object.fromEntries(set.keys.map((input) => [input.key, filterValueFromApi(input, filter[input.key], write)])) as FilterFormValues, [set, write]);
  const empty = useMemo(() => fromApi({}), [fromApi]);
  return { toApi, fromApi, empty };
}

const DAY_INVALID = 'validation.dayInvalid';
const DATE_RANGE = 'validation.dateRange';

/**
 * What is wrong with a filter, in words (the inline error and the list's 400 alike): a date that is
 * not a day says so (not the schema's generic "not valid"), and a range whose start is after its
 * end names both its inputs.
 */
export function useFilterErrorText(set: FilterSet) {
  const translate = useTranslate();
  return useCallback(
    (key: string, message: string) => {
      const input = set.keys.find((candidate) => candidate.key === key);
      if (input?.spec.kind !== 'date') return translate(message);
      if (message === DATE_RANGE && input.spec.range) {
        const label = (bound: FilterKey['bound']) => translate(set.keys.find((other) => other.spec === input.spec && other.bound === bound)!.label);
        return translate('validation.dateRangeOf', { from: label('from'), to: label('to') });
      }
      return translate(message === 'validation.invalid' ? DAY_INVALID : message);
    },
    [set, translate],
  );
}

/** A refused filter's line on the list's 400 (ListLoadError): "Creato dal: data non valida". */
export function useFilterErrorLine(set: FilterSet | undefined): FilterErrorText | undefined {
  const translate = useTranslate();
  const text = useFilterErrorText(set ?? EMPTY_SET);
  return useMemo(() => {
    if (!set) return undefined;
    return (key: string, message: string) => {
      const input = set.keys.find((candidate) => candidate.key === key);
      if (!input) return translate(message);
      // a range's order names both inputs already
      return message === DATE_RANGE && input.spec.range ? text(key, message) : `${translate(input.label)}: ${text(key, message)}`;
    };
  }, [set, text, translate]);
}
const EMPTY_SET: FilterSet = { schema: undefined as never, texts: '', filters: [], keys: [], perRow: 4 };

/** The date inputs' own refusal: text that is not a day that exists is never sent (31/02/2026). */
function dayInputErrors(set: FilterSet, inputs: FilterInputs | undefined) {
  const days = set.keys.filter((input) => input.spec.kind === 'date' && !inputs?.[input.key]);
  return (values: FilterFormValues) => Object.fromEntries(days.filter((input) => isWrongDay(values[input.key] ?? '')).map((input) => [input.key, DAY_INVALID]));
}

/** A select's choices as texts; two choices that read the same (several states read "in progress") add their id. */
function useChoiceTexts(input: FilterKey) {
  const translate = useTranslate();
  const choices = input.spec.choices ?? [];
  const texts = choices.map((choice) => translate(choice.name));
  return choices.map((choice, index) => ({ id: choice.id, text: texts.filter((text) => text === texts[index]).length > 1 ? `${texts[index]} (${choice.id})` : texts[index] }));
}

function SelectFilter({ input, label }: { input: FilterKey; label: string }) {
  const translate = useTranslate();
  const choices = useChoiceTexts(input);
  const { any, helper } = input.spec;
  return (
    <FormSelectField name={input.key} label={label} helperText={helper ? translate(helper) : undefined} size="small" slotProps={any ? { select: { displayEmpty: true }, inputLabel: { shrink: true } } : undefined}>
      {any && <MenuItem value="">{translate(any)}</MenuItem>}
      {choices.map((choice) => (
        <MenuItem key={choice.id} value={choice.id}>
          {choice.text}
        </MenuItem>
      ))}
    </FormSelectField>
  );
}

const INPUT_MODES: Partial<Record<string, 'numeric' | 'decimal'>> = { number: 'numeric', money: 'decimal' };

function FilterInput({ set, input }: { set: FilterSet; input: FilterKey }) {
  const translate = useTranslate();
  const errorText = useFilterErrorText(set);
  const label = translate(input.label);
  const helperText = input.spec.helper ? translate(input.spec.helper) : undefined;
  switch (input.spec.kind ?? 'text') {
    case 'select':
      return <SelectFilter input={input} label={label} />;
    case 'reference':
      return <ReferenceAutocompleteInput source={input.key} label={label} reference={input.spec.reference!} />;
    case 'date':
      return (
        <FormDateField
          name={input.key}
          label={label}
          calendarLabel={`${translate(`${set.texts}.openCalendar`)}: ${label}`}
          helperText={helperText}
          errorText={(message) => errorText(input.key, message)}
          size="small"
        />
      );
    default:
      return (
        <FormTextField
          name={input.key}
          label={label}
          helperText={helperText}
          size="small"
          slotProps={{ htmlInput: { maxLength: input.maxLength, inputMode: INPUT_MODES[input.spec.kind ?? 'text'] } }}
        />
      );
  }
}

/** A form cell; a reference filter only for users who may list its records (its choices), else no cell at all. */
function FilterCell({ set, input, children }: { set: FilterSet; input: FilterKey; children: ReactNode }) {
  const wide = input.spec.wide ?? input.spec.kind === 'reference';
  const size = { xs: 12, sm: 6, md: wide ? 'grow' : 12 / set.perRow } as const;
  if (input.spec.kind === 'reference') return <ReferenceCell reference={input.spec.reference!} size={size}>{children}</ReferenceCell>;
  return <Grid size={size}>{children}</Grid>;
}

function ReferenceCell({ reference, size, children }: { reference: FieldReference; size: object; children: ReactNode }) {
  const { canList } = useCanListChoices(reference);
  return canList ? <Grid size={size}>{children}</Grid> : null;
}

/**
 * A list's declared filter form (domain/filters.ts): one input per key by its kind, validated with
 * the API's own filter schema and applied with the search button (ListFilterForm); the applied
 * filter lives in the URL, from which the form starts. `inputs`: an input of the list's own for a key.
 */
export function SchemaFilterForm({ set, inputs }: { set: FilterSet; inputs?: FilterInputs }) {
  const { toApi, fromApi, empty } = useFilterConversions(set);
  const inputErrors = useMemo(() => dayInputErrors(set, inputs), [set, inputs]);
  return (
    <ListFilterForm labels={set.texts} schema={set.schema} empty={empty} toApiFilter={toApi} fromApiFilter={fromApi} inputErrors={inputErrors}>
      {set.keys.map((input) => (
        <FilterCell key={input.key} set={set} input={input}>
          {inputs?.[input.key] ?? <FilterInput set={set} input={input} />}
        </FilterCell>
      ))}
    </ListFilterForm>
  );
}

/** A filter's value in words: a choice as the form offers it, a record by its name, else as its kind shows it. */
function ChipValue({ input, value }: { input: FilterKey; value: unknown }) {
  const choices = useChoiceTexts(input);
  const text = useFieldText();
  if (input.spec.kind === 'select') return <>{choices.find((choice) => choice.id === value)?.text ?? String(value)}</>;
  if (input.spec.kind === 'reference') return <ReferenceText reference={input.spec.reference!} id={String(value)} />;
  // money and days as the lists show them; a number stays as typed (a progressive is not grouped)
  if (input.spec.kind === 'money' || input.spec.kind === 'date') return <>{text({ source: input.key, label: input.label, kind: input.spec.kind, input: false }, value)}</>;
  return <>{String(value)}</>;
}

/**
 * A filter in words, a chip per key: on phones beside the folded form (each chip removes its
 * filter), and where a bulk action says which cards "the whole filtered set" is (`filter`, not removable).
 */
export function SchemaFilterChips({ set, filter, testId }: { set: FilterSet; /** default: the list's filter, removable */ filter?: Record<string, unknown>; testId?: string }) {
  const list = useListContext();
  const values = (filter ?? list.filterValues ?? {}) as Record<string, unknown>;
  const applied = set.keys.filter((input) => values[input.key] !== undefined && values[input.key] !== null && values[input.key] !== '');
  const remove = (key: string) => {
    const next = { ...values };
    delete next[key];
    list.setFilters(next, undefined);
  };
  return <FilterChipRow chips={applied.map((input) => ({ key: input.key, label: input.label, value: <ChipValue input={input} value={values[input.key]} /> }))} onRemove={filter ? undefined : remove} testId={testId} />;
}

/** The declared filter form as it fits the screen (ResponsiveListFilters): folded with chips on a phone. */
export function DeclaredListFilters({ set, inputs }: { set: FilterSet; inputs?: FilterInputs }) {
  return <ResponsiveListFilters form={<SchemaFilterForm set={set} inputs={inputs} />} chips={<SchemaFilterChips set={set} />} />;
}

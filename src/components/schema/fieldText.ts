import { useCallback } from 'react';
import { useTranslate } from 'react-admin';
import type { FieldSpec } from '../../../domain/fields';
import { formatDate, formatDateTime } from '../../i18n/dates';
import { useFormat } from '../../i18n/formatMoney';

/**
 * A declared field's value as text, by its kind: what a compact (phone) row shows and what a
 * table cell writes inside its typography. A choice reads its label; money, dates and counts go
 * through the one formatter in the user's language. `null` for no value.
 */
export function useFieldText(): (field: FieldSpec, value: unknown) => string | null {
  const translate = useTranslate();
  const format = useFormat();
  return useCallback(
    (field, value) => {
      if (value == null || value === '') return null;
      switch (field.kind ?? 'text') {
        case 'money':
          return typeof value === 'number' ? format.cents(value) : String(value);
        case 'number':
          return typeof value === 'number' ? format.number(value) : String(value);
        case 'boolean':
          return translate(value ? 'ra.boolean.true' : 'ra.boolean.false');
        case 'percent':
          return typeof value === 'number' ? format.percent(value) : String(value);
        case 'file':
          return typeof value === 'object' ? ((value as { name?: string }).name ?? null) : String(value);
        case 'date':
          return formatDate(value as string);
        case 'datetime':
          return formatDateTime(value as string);
        case 'select': {
          const choice = field.choices?.find((c) => c.id === value);
          return choice ? translate(choice.name) : String(value);
        }
        default:
          return typeof value === 'number' ? format.number(value) : String(value);
      }
    },
    [translate, format],
  );
}

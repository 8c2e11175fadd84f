import { DATE_FORMAT } from './constants';
import { CSV_BOM, CSV_SEPARATOR, csvDateTime, csvDay, csvLine, localDateTimeFormatter, type CsvFormat } from './csv';
import { columnFields, type FieldSet, type FieldSpec } from './fields';
import { csvAmount, decimalSeparator } from './format';

/** A calendar day as written ('2026-12-31'): no zone to convert. */
const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A declared list as CSV (DESIGN §5): a column per declared column, headed by the field's label
 * in the user's language (`text`: an i18n key → its text), each cell written by the field's
 * kind for a spreadsheet of that language — money as a plain decimal with the language's mark,
 * dates and date-times in the user's zone in the screens' format (CSV_DATE_TIME_PATTERN), a choice or a flag as its words, counts as plain digits. The
 * separator is the one Excel expects for the language, cells are formula-safe, the header
 * starts with the UTF-8 byte-order mark.
 */
export function fieldsCsv(set: FieldSet, { language, timeZone }: CsvFormat, text: (key: string) => string): { header: string; line: (record: Record<string, unknown>) => string } {
  const mark = decimalSeparator(language);
  const dateTime = csvDateTime(timeZone);
  const day = localDateTimeFormatter(timeZone, DATE_FORMAT);
  const cell = (field: FieldSpec, value: unknown): unknown => {
    if (value == null || value === '') return '';
    switch (field.kind ?? 'text') {
      case 'money':
        return typeof value === 'number' ? csvAmount(value, language) : value;
      case 'datetime':
        return dateTime(String(value));
      case 'date': {
        return CALENDAR_DAY.test(String(value)) ? csvDay(String(value)) : day(String(value));
      }
      case 'percent':
        return typeof value === 'number' ? `${String(value).replace('.', mark)}%` : value;
      case 'file':
        return typeof value === 'object' ? ((value as { name?: string }).name ?? '') : value;
      case 'boolean':
        return text(value ? 'ra.message.yes' : 'ra.message.no');
      case 'select': {
        const choice = field.choices?.find((c) => c.id === value);
        return choice ? text(choice.name) : value;
      }
      default:
        return value;
    }
  };
  const fields = columnFields(set);
  const separator = CSV_SEPARATOR[language];
  return {
    header: CSV_BOM + csvLine(fields.map((field) => text(field.label)), separator),
    line: (record) => csvLine(fields.map((field) => cell(field, record[field.source])), separator),
  };
}

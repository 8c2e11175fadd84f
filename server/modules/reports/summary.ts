import { csvDay } from '../../../domain/csv';
import type { ExportLanguage } from '../../../domain/giftcards';
import type { ReportTypeId } from '../../../domain/reports';
import { textOf } from '../../lib/texts';

const fill = (text: string, values: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? '');

/**
 * A report's parameters in words, in the requester's language (reportFiles.json `summary`, the
 * choices in their screens' words): "Al 31/10/2026 · Acme S.p.A. e sotto-aziende". Days as the
 * screens write them; an empty choice ("any") is left out.
 */
export function parametersText(reportId: ReportTypeId, parameters: Record<string, unknown>, companyName: string, language: ExportLanguage): string {
  const t = textOf(language);
  const s = (key: string, values: Record<string, string> = {}) => fill(t(`reportFiles.summary.${key}`), values);
  const text = (key: string) => (typeof parameters[key] === 'string' ? (parameters[key] as string) : '');
  const parts: string[] = [];
  const period = () => {
    if (text('dateFrom') && text('dateTo')) parts.push(s('period', { from: csvDay(text('dateFrom')), to: csvDay(text('dateTo')) }));
  };
  const choice = (key: string, prefix: string) => {
    if (text(key)) parts.push(t(`${prefix}.${text(key)}`));
  };
  switch (reportId) {
    case 'outstanding-balances':
      parts.push(s('at', { date: csvDay(text('date')) }));
      break;
    case 'giftcard-transactions':
      period();
      choice('type', 'transactions.types');
      break;
    case 'cards-by-state':
      choice('status', 'giftcards.status');
      break;
    case 'orders':
      period();
      choice('state', 'orders.status');
      break;
    case 'reloads':
      period();
      break;
    case 'square-codes': {
      choice('status', 'square.codeStatus');
      choice('delivery', 'square.communicationStatus');
      const [from, to] = [text('dateFrom'), text('dateTo')];
      if (from && to) parts.push(s('ordersPeriod', { from: csvDay(from), to: csvDay(to) }));
      else if (from) parts.push(s('ordersFrom', { from: csvDay(from) }));
      else if (to) parts.push(s('ordersTo', { to: csvDay(to) }));
      break;
    }
  }
  parts.push(s(parameters.includeSubCompanies === false ? 'companyOnly' : 'withSubCompanies', { company: companyName }));
  return parts.join(s('separator'));
}

import { issuesToErrors } from '../../../domain/errors';
import { MAX_UPLOAD_BYTES } from '../../../domain/constants';
import { formatFileSize } from '../../../domain/format';
import { fileTooLargeMessage, maxCardsMessage } from '../../../domain/messages';
import { keptItemFiles, makeOrderItemSchema, MAX_ORDER_CARDS, parseNamesList, rangesTotal, typologyTypeFor, type Order, type ProgressiveRange, type Recipient } from '../../../domain/orders';
import type { Db } from '../../db/client';
import type { Actor } from '../../lib/access';
import { ApiError } from '../../lib/errors';
import { sniffImage } from '../../lib/uploads';
import { deleteRecipients, insertItem, insertRecipients, orderCardTotal, typologyFacts, unsoldInRange, updateItem, type ItemValues, type SavedItem } from './items.repository';
import { refreshTotals } from './repository';
import { invalid } from './steps';

/** An item of a draft: its body checked (shipping type, catalog, stock, the files' own bytes), then saved with its recipients. */

function decode(content: string, field: string): Buffer {
  const data = Buffer.from(content, 'base64');
  if (data.length > MAX_UPLOAD_BYTES) throw new ApiError(413, 'FILE_TOO_LARGE', `The file is larger than ${formatFileSize(MAX_UPLOAD_BYTES, 'en')}`, { [field]: fileTooLargeMessage(MAX_UPLOAD_BYTES) });
  return data;
}

/**
 * Whether every progressive of the ranges is, now, an unsold card of the typology in the stock the
 * order may draw on (the provider's or the placing company's subtree). The issue job checks again
 * under the cards' locks: another order may take them before this one is confirmed.
 */
async function rangesAvailable(tx: Db, placedBy: string, typologyId: string, ranges: readonly ProgressiveRange[]): Promise<boolean> {
  for (const range of ranges) {
    if ((await unsoldInRange(tx, placedBy, typologyId, range)) !== range.to - range.from + 1) return false;
  }
  return true;
}

/**
 * The value of an item's cards as the catalog allows it: the typology must be one the subtree may
 * order (the provider's or its own) of the shipping type's card type; `valueCents` is required for
 * a variable-value typology and must equal the catalog's otherwise. Answers the value, or the field
 * refused and its message. Shared with integrated orders' items (server/modules/integrated-orders).
 */
export async function catalogValue(
  tx: Db,
  companyIds: readonly string[],
  shippingType: Order['shippingType'],
  typologyId: string,
  valueCents: number | undefined,
): Promise<{ valueCents: number } | { field: 'typologyId' | 'valueCents'; message: string }> {
  const typology = await typologyFacts(tx, typologyId, companyIds);
  if (!typology || typology.type !== typologyTypeFor(shippingType)) return { field: 'typologyId', message: 'validation.invalid' };
  if (typology.variable_value || typology.value_cents === null) return valueCents === undefined ? { field: 'valueCents', message: 'validation.required' } : { valueCents };
  const catalog = Number(typology.value_cents);
  return valueCents !== undefined && valueCents !== catalog ? { field: 'valueCents', message: 'validation.invalid' } : { valueCents: catalog };
}

export interface PreparedItem {
  values: ItemValues;
  recipients: Recipient[] | null;
  /** an edit keeping the saved names list keeps its recipients */
  keepRecipients: boolean;
}

/**
 * Validates an item body against the order's shipping type, the catalog and the files' own bytes;
 * an edit (`saved`) keeps the saved template or names list it does not replace (`keptItemFiles`).
 */
export async function prepareItem(tx: Db, actor: Actor, order: Order, raw: unknown, saved: SavedItem | null = null): Promise<PreparedItem> {
  const parsed = makeOrderItemSchema(order.shippingType, { savedNamesList: Boolean(saved?.namesListName) }).safeParse(raw);
  if (!parsed.success) throw invalid(issuesToErrors(parsed.error.issues));
  const item = parsed.data;
  const kept = keptItemFiles(item, saved);
  const value = await catalogValue(tx, actor.companyIds, order.shippingType, item.typologyId, item.valueCents);
  if ('field' in value) throw invalid({ [value.field]: value.message });
  const { valueCents } = value;
  let recipients: Recipient[] | null = null;
  if (item.template) {
    const sniffed = sniffImage(decode(item.template.content, 'template'));
    if (sniffed === null || sniffed !== item.template.type) throw new ApiError(415, 'FILE_TYPE_NOT_ALLOWED', 'The template must be a JPG or PNG image', { template: 'validation.fileType' });
  }
  if (item.namesList) {
    const list = parseNamesList(decode(item.namesList.content, 'namesList').toString('utf8'));
    if (!list.ok) throw new ApiError(400, 'FILE_UNREADABLE', `The names list is not valid (line ${list.line})`, { namesList: 'validation.orderNamesList' });
    recipients = list.recipients;
  }
  if (item.ranges && !(await rangesAvailable(tx, actor.companyId, item.typologyId, item.ranges))) throw invalid({ ranges: 'validation.orderRangeUnavailable' }, 'Some progressives of the ranges are not available');
  const quantity = item.ranges ? rangesTotal(item.ranges) : recipients ? recipients.length : kept.namesList ? saved!.quantity : item.quantity!;
  const template = kept.template ? { name: saved!.templateName, type: saved!.templateType, content: saved!.templateContent } : (item.template ?? null);
  return {
    values: {
      typologyId: item.typologyId,
      quantity,
      valueCents,
      ranges: item.ranges ?? null,
      templateName: template?.name ?? null,
      templateType: template?.type ?? null,
      templateContent: template?.content ?? null,
      namesListName: kept.namesList ? saved!.namesListName : (item.namesList?.name ?? null),
    },
    recipients,
    keepRecipients: kept.namesList,
  };
}

/** Writes a prepared item (new, or `itemId` replaced) and the order's totals; an order holds at most MAX_ORDER_CARDS cards. */
export async function saveItem(tx: Db, order: Order, prepared: PreparedItem, itemId: string | null): Promise<string> {
  let id = itemId;
  if (id) {
    await updateItem(tx, order.id, id, prepared.values);
    if (!prepared.keepRecipients) await deleteRecipients(tx, id);
  } else {
    id = await insertItem(tx, order.id, prepared.values);
  }
  if (prepared.recipients && prepared.recipients.length > 0) await insertRecipients(tx, order.id, id, prepared.recipients);
  await refreshTotals(tx, order.id);
  if ((await orderCardTotal(tx, order.id)) > MAX_ORDER_CARDS) throw invalid({ quantity: maxCardsMessage(MAX_ORDER_CARDS) }, `An order holds at most ${MAX_ORDER_CARDS} cards`);
  return id;
}

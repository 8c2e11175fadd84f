import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { MAX_UPLOAD_BYTES } from '../../../../domain/constants';
import type { Typology } from '../../../../domain/giftcards';
import { amountInputText } from '../../../../domain/format';
import { AMOUNT_MESSAGES, readAmount, readWholeNumber } from '../../../../domain/money';
import { messageWith } from '../../../../domain/messages';
import { makeOrderItemSchema, ORDER_MESSAGES, PROGRESSIVE_MIN, rangesTotal, type OrderItem, type OrderItemBody, type Recipient, type ShippingType } from '../../../../domain/orders';
import { fileToUpload } from '../../../components/fileReading';
import { i18n } from '../../../i18n/i18n';

/** What the browser read of a chosen names list (domain `parseNamesList`): the recipients, or the first bad line. */
export type NamesCheck = { ok: true; recipients: Recipient[] } | { ok: false; line: number };

export type DigitalMode = 'quantity' | 'namesList';

/** The customize step's form: texts as typed, files as chosen. */
export interface ItemFormValues {
  /** digital: the cards; physical: the cards in the cart the ranges must add up to */
  quantity: string;
  /** the face value in euros, for variable-value typologies */
  value: string;
  ranges: Array<{ from: string; to: string }>;
  digitalMode: DigitalMode;
  template: File | null;
  namesList: File | null;
  namesCheck: NamesCheck | null;
  /** editing: remove the saved template image (without a new one the edit keeps it) */
  dropTemplate: boolean;
}

/** What an edited item has saved: an edit without a new file keeps it (domain `keptItemFiles`). */
export type SavedFiles = Pick<OrderItem, 'templateName' | 'namesListName' | 'recipients'>;

/** Error keys of the form that are not a field of their own. */
export const RANGES_CHECK = 'rangesCheck';

/** The wizard form's own messages (`orderWizard.errors.*`): what the order rules cannot say of a field being typed. */
export const WIZARD_MESSAGES = {
  rangesTotal: 'orderWizard.errors.rangesTotal',
  templateType: 'orderWizard.errors.templateType',
  namesListType: 'orderWizard.errors.namesListType',
  namesListLine: 'orderWizard.errors.namesListLine',
  namesListEmpty: 'orderWizard.errors.namesListEmpty',
  namesListReading: 'orderWizard.errors.namesListReading',
  wholeNumber: messageWith('orderWizard.errors.wholeNumber', { min: PROGRESSIVE_MIN }),
} as const;

/** A count as the user's language writes it (domain `readWholeNumber`: "10.000" in Italian, "10,000" in English); NaN when it is not one (the schema then states the rule). */
export function parseCount(text: string, language: string = i18n.language): number {
  return readWholeNumber(text, language) ?? Number.NaN;
}

export const needsValue = (typology: Pick<Typology, 'variableValue' | 'valueCents'>) => typology.variableValue || typology.valueCents === null;

/** The values a new item starts with, or an existing item's (its files must be chosen again: the API replaces an item whole). */
export function initialValues(shipping: ShippingType, item?: OrderItem, language = 'it'): ItemFormValues {
  return {
    quantity: item ? String(item.quantity) : '',
    value: item ? amountInputText(item.valueCents, language) : '',
    ranges: item?.ranges?.map((r) => ({ from: String(r.from), to: String(r.to) })) ?? (shipping === 'DIGITAL' ? [] : [{ from: '', to: '' }]),
    digitalMode: item?.namesListName ? 'namesList' : 'quantity',
    template: null,
    namesList: null,
    namesCheck: null,
    dropTemplate: false,
  };
}

const placeholder = (file: File) => ({ type: file.type, name: file.name, content: 'AA==' });

/**
 * The item body the form stands for, files as placeholders (`toItemBody` reads them on submit):
 * what the domain's `makeOrderItemSchema` checks.
 */
function bodyShape(values: ItemFormValues, shipping: ShippingType, typology: Typology) {
  const body: Record<string, unknown> = { typologyId: typology.id };
  if (needsValue(typology) && values.value.trim() !== '') body.valueCents = readAmount(values.value, i18n.language).cents ?? -1;
  if (shipping !== 'DIGITAL') {
    body.ranges = values.ranges.map((r) => ({ from: parseCount(r.from), to: parseCount(r.to) }));
    if (values.quantity.trim() !== '') body.quantity = parseCount(values.quantity);
  } else if (values.digitalMode === 'namesList') {
    if (values.namesList) body.namesList = placeholder(values.namesList);
  } else {
    if (values.quantity.trim() !== '') body.quantity = parseCount(values.quantity);
    if (values.template) body.template = placeholder(values.template);
  }
  return body;
}

/** Where a domain issue shows on the form, in the words of its rule. */
function fieldOf(path: PropertyKey[], message: string): [string, string] {
  const [head, index, leaf] = path.map(String);
  if (head === 'valueCents') return ['value', message === ORDER_MESSAGES.required ? ORDER_MESSAGES.required : ORDER_MESSAGES.amount];
  if (head === 'quantity' && message === ORDER_MESSAGES.rangeTotal) return [RANGES_CHECK, WIZARD_MESSAGES.rangesTotal];
  if (head === 'quantity' && message !== ORDER_MESSAGES.required) return ['quantity', ORDER_MESSAGES.quantity];
  if (head === 'ranges' && index !== undefined && leaf) return [`ranges.${index}.${leaf}`, message === ORDER_MESSAGES.progressiveRange ? ORDER_MESSAGES.progressiveRange : WIZARD_MESSAGES.wholeNumber];
  if (head === 'ranges') return [RANGES_CHECK, message === ORDER_MESSAGES.required ? ORDER_MESSAGES.required : message];
  if (head === 'template') return ['template', message === ORDER_MESSAGES.fileType ? WIZARD_MESSAGES.templateType : message];
  if (head === 'namesList') return ['namesList', message === ORDER_MESSAGES.fileType ? WIZARD_MESSAGES.namesListType : message];
  return [path.map(String).join('.') || RANGES_CHECK, message];
}

/** The form's rules: the domain's item schema for the order's shipping type, plus what only the browser can check (file size, the names list's rows). */
export function validateItem(values: ItemFormValues, shipping: ShippingType, typology: Typology, saved?: SavedFiles | null): Record<string, string> {
  const errors: Record<string, string> = {};
  const set = (field: string, message: string) => {
    errors[field] ??= message;
  };
  if (needsValue(typology) && values.value.trim() === '') set('value', ORDER_MESSAGES.required);
  const valueProblem = needsValue(typology) && values.value.trim() !== '' ? readAmount(values.value, i18n.language).problem : undefined;
  if (valueProblem) set('value', AMOUNT_MESSAGES[valueProblem]);
  if (shipping !== 'DIGITAL' && values.quantity.trim() === '') set('quantity', ORDER_MESSAGES.required);
  if (shipping === 'DIGITAL' && values.digitalMode === 'namesList') {
    // editing a product saved with a list: without a new file the list is kept
    if (!values.namesList) {
      if (!saved?.namesListName) set('namesList', ORDER_MESSAGES.required);
    }
    else if (values.namesList.size > MAX_UPLOAD_BYTES) set('namesList', ORDER_MESSAGES.fileTooLarge);
    else if (!values.namesCheck) set('namesList', WIZARD_MESSAGES.namesListReading);
    else if (!values.namesCheck.ok) set('namesList', values.namesCheck.line === 0 ? WIZARD_MESSAGES.namesListEmpty : WIZARD_MESSAGES.namesListLine);
  }
  if (shipping === 'DIGITAL' && values.digitalMode === 'quantity' && values.template && values.template.size > MAX_UPLOAD_BYTES) set('template', ORDER_MESSAGES.fileTooLarge);
  const parsed = makeOrderItemSchema(shipping, { savedNamesList: Boolean(saved?.namesListName) }).safeParse(bodyShape(values, shipping, typology));
  if (!parsed.success) {
    const namesMode = shipping === 'DIGITAL' && values.digitalMode === 'namesList';
    for (const issue of parsed.error.issues) {
      // in names-list mode the list makes the quantity: its own error says what is missing
      if (namesMode && issue.path[0] === 'quantity') continue;
      if (issue.code === 'invalid_type' && issue.path[0] === 'ranges' && issue.path.length === 3) {
        set(`ranges.${String(issue.path[1])}.${String(issue.path[2])}`, WIZARD_MESSAGES.wholeNumber);
        continue;
      }
      set(...fieldOf(issue.path, issue.message));
    }
  }
  return errors;
}

/** Cards the form's ranges hold (complete rows only). */
export function formRangesTotal(values: Pick<ItemFormValues, 'ranges'>): number {
  const ranges = values.ranges.map((r) => ({ from: parseCount(r.from), to: parseCount(r.to) })).filter((r) => Number.isFinite(r.from) && Number.isFinite(r.to));
  return rangesTotal(ranges);
}

/** Flat `{ "ranges.0.to": key }` → react-hook-form's nested errors. */
export function toFieldErrors(flat: Record<string, string>): FieldErrors {
  const out: Record<string, unknown> = {};
  for (const [path, message] of Object.entries(flat)) {
    const parts = path.split('.');
    let node = out;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) node[part] = { type: 'validate', message };
      else node = (node[part] ??= /^\d+$/.test(parts[i + 1]) ? [] : {}) as Record<string, unknown>;
    });
  }
  return out as FieldErrors;
}

export function itemResolver(shipping: ShippingType, typology: Typology, saved?: SavedFiles | null): Resolver<FieldValues> {
  return async (values) => {
    const errors = validateItem(values as ItemFormValues, shipping, typology, saved);
    return Object.keys(errors).length > 0 ? { values: {}, errors: toFieldErrors(errors) } : { values, errors: {} };
  };
}

/**
 * The body the API receives for valid form values, the files read as base64. Editing, a file not
 * chosen again is left out, so the API keeps the saved one; a removed saved template is `null`.
 */
export async function toItemBody(values: ItemFormValues, shipping: ShippingType, typology: Typology, saved?: SavedFiles | null): Promise<OrderItemBody> {
  const body: OrderItemBody = { typologyId: typology.id };
  if (needsValue(typology)) body.valueCents = readAmount(values.value, i18n.language).cents!;
  if (shipping !== 'DIGITAL') {
    body.ranges = values.ranges.map((r) => ({ from: parseCount(r.from), to: parseCount(r.to) }));
    body.quantity = parseCount(values.quantity);
  } else if (values.digitalMode === 'namesList' && values.namesList) {
    body.namesList = await fileToUpload(values.namesList);
  } else if (values.digitalMode === 'quantity') {
    body.quantity = parseCount(values.quantity);
    if (values.template) body.template = await fileToUpload(values.template);
    else if (values.dropTemplate && saved?.templateName) body.template = null;
  }
  return body;
}

/** The cards of a digital item as the form stands: the quantity, or the recipients of the list chosen (or kept). */
export function digitalCards(values: Pick<ItemFormValues, 'digitalMode' | 'quantity' | 'namesList' | 'namesCheck'>, saved?: SavedFiles | null): number {
  if (values.digitalMode !== 'namesList') return parseCount(values.quantity ?? '');
  if (values.namesList) return values.namesCheck?.ok ? values.namesCheck.recipients.length : 0;
  return saved?.namesListName ? saved.recipients : 0;
}

/** The API's field errors on the form's fields (`valueCents` is typed as `value`; range-wide refusals sit under the ranges). */
export function serverErrorsOnForm(errors: FieldValues | undefined): FieldValues | undefined {
  if (!errors) return errors;
  const out: FieldValues = {};
  for (const [field, message] of Object.entries(errors)) {
    if (field === 'valueCents') out.value = message;
    else if (field === 'ranges' || (field === 'quantity' && message === ORDER_MESSAGES.rangeTotal)) out[RANGES_CHECK] = field === 'quantity' ? WIZARD_MESSAGES.rangesTotal : message;
    else out[field] = message;
  }
  return out;
}

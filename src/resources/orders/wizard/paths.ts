import { orderConfirmRefusal, SHIPPING_TYPES, type OrderDetail, type ShippingType } from '../../../../domain/orders';

/** The orders resource (SPEC §2 path) the wizard's screens belong to. */
export const ORDERS = 'privative-orders/orders';
const BASE = `/${ORDERS}`;
const seg = (value: string | number) => encodeURIComponent(String(value));

/**
 * The wizard's URLs (SPEC §2). Before the draft exists they carry the shipping type, the company
 * and the typology; once it exists, its id, so a reload or another tab resumes the draft.
 */
export const wizardPaths = {
  list: () => `${BASE}/list`,
  company: (type: ShippingType) => `${BASE}/create/company/${seg(type)}`,
  catalog: (type: ShippingType, companyId: string) => `${BASE}/create/${seg(type)}/${seg(companyId)}`,
  customize: (type: ShippingType, companyId: string, typologyId: string) => `${BASE}/create/${seg(type)}/${seg(companyId)}/${seg(typologyId)}`,
  addCatalog: (id: string, type: ShippingType) => `${BASE}/${seg(id)}/additem/catalog/${seg(type)}`,
  addItem: (id: string, typologyId: string, type: ShippingType) => `${BASE}/${seg(id)}/additem/${seg(typologyId)}/${seg(type)}`,
  item: (id: string, itemId: string) => `${BASE}/${seg(id)}/${seg(itemId)}`,
  recap: (id: string) => `${BASE}/${seg(id)}/recap`,
  configuration: (id: string) => `${BASE}/${seg(id)}/configuration`,
  /** the review step: the summary with the configuration and the confirm button */
  review: (id: string) => `${BASE}/${seg(id)}/recap?step=review`,
  detail: (id: string) => `${BASE}/${seg(id)}`,
};

/** A shipping type from the URL, or null when it is not one of SPEC's three. */
export function shippingTypeOf(value: string | undefined): ShippingType | null {
  return (SHIPPING_TYPES as readonly string[]).includes(value ?? '') ? (value as ShippingType) : null;
}

/**
 * Where a draft is continued: its first step not done (no product yet: the catalog; not
 * configured: the configuration), else the review with the confirm button.
 */
export function resumePath(order: Pick<OrderDetail, 'id' | 'shippingType' | 'items' | 'referentName' | 'referentEmail' | 'companyOrderNumber'>): string {
  switch (orderConfirmRefusal(order, order.items.length)) {
    case 'ORDER_EMPTY':
      return wizardPaths.addCatalog(order.id, order.shippingType);
    case 'ORDER_INCOMPLETE':
      return wizardPaths.configuration(order.id);
    default:
      return wizardPaths.review(order.id);
  }
}

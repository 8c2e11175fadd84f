import CategoryIcon from '@mui/icons-material/Category';
import ConfirmationNumberIcon from '@mui/icons-material/ConfirmationNumber';
import type { TicketCategory, TicketListItem } from '../../../domain/schemas/tickets';
import { localized } from '../../../domain/localized';
import { lazyWithReload } from '../../components/lazyWithReload';
import type { ResourceDefinition } from '../types';

/**
 * Support tickets (issue 20): the list is a SchemaList over domain/schemas/tickets.ts; the create
 * form is built from the chosen category's field definition; a ticket's page is a thread with
 * the actions the server lists for it.
 */
export const tickets: ResourceDefinition = {
  name: 'tickets',
  menu: 'tickets',
  icon: ConfirmationNumberIcon,
  recordRepresentation: (record: TicketListItem) => `#${record.number}`,
  list: { component: lazyWithReload(() => import('./TicketList')), title: 'ticketList', path: 'list' },
  create: { component: lazyWithReload(() => import('./TicketCreate')), title: 'ticketCreate' },
  detail: { component: lazyWithReload(() => import('./TicketShow')), title: 'ticketDetail' },
  kind: 'custom',
  why: "the create form is built from the chosen category's field definition (one input per field type, checked with the schema the server applies); a ticket is a thread with attachments and the actions the server lists",
};

/**
 * The categories new tickets are made in: provider staff write them (the server refuses others)
 * and have them in their menu; everyone with ticketing reads them (the create form offers them).
 */
export const ticketCategories: ResourceDefinition = {
  name: 'tickets/categories',
  menu: 'ticketCategories',
  menuAction: 'create',
  icon: CategoryIcon,
  recordRepresentation: (record: TicketCategory) => localized(record.name, 'it'),
  list: { component: lazyWithReload(() => import('./CategoryList')), title: 'ticketCategoryList' },
  create: { component: lazyWithReload(() => import('./CategoryEdit')), title: 'ticketCategoryCreate' },
  detail: { component: lazyWithReload(() => import('./CategoryEdit')), title: 'ticketCategoryDetail' },
  kind: 'custom',
  why: 'a category is a versioned field list edited as a whole (fields added, removed, reordered; options retired, never deleted)',
};

import EmailIcon from '@mui/icons-material/Email';
import QrCode2Icon from '@mui/icons-material/QrCode2';
import ShoppingBasketIcon from '@mui/icons-material/ShoppingBasket';
import type { SquareCode, SquareOrder } from '../../../domain/schemas/square';
import { lazyWithReload } from '../../components/lazyWithReload';
import type { ResourceDefinition } from '../types';

/**
 * Square voucher orders, their codes and e-mails (issue 19): the lists are SchemaLists over
 * domain/schemas/square.ts; the create page and the order page are flows (README.md here).
 */
export const squareOrders: ResourceDefinition = {
  name: 'square/orders',
  menu: 'squareOrders',
  icon: ShoppingBasketIcon,
  recordRepresentation: (record: SquareOrder) => record.orderNumber,
  list: { component: lazyWithReload(() => import('./SquareOrderList')), title: 'squareOrderList' },
  create: { component: lazyWithReload(() => import('./SquareOrderCreate')), title: 'squareOrderCreate' },
  detail: { component: lazyWithReload(() => import('./SquareOrderShow')), title: 'squareOrderDetail' },
  kind: 'custom',
  why: 'creating an order is a flow (template, file checked by the server with every problem by line, warnings to accept); an order is a life of states and actions (domain/square.ts) with job progress',
};

export const squareCodes: ResourceDefinition = {
  name: 'square/codes',
  menu: 'squareCodes',
  icon: QrCode2Icon,
  recordRepresentation: (record: SquareCode) => record.code,
  list: { component: lazyWithReload(() => import('./SquareCodeList')), title: 'squareCodeList' },
  detail: { component: lazyWithReload(() => import('./SquareCodeShow')), title: 'squareCodeDetail' },
  kind: 'schema',
  why: 'list and fields are schema-driven; the code page adds its activity table',
};

export const squareCommunications: ResourceDefinition = {
  name: 'square/communications',
  menu: 'squareCommunications',
  icon: EmailIcon,
  list: { component: lazyWithReload(() => import('./SquareCommunicationList')), title: 'squareCommunicationList' },
  kind: 'schema',
  why: 'schema-driven list with a Resend row action',
};

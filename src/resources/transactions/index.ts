import ReceiptIcon from '@mui/icons-material/Receipt';
import { lazyWithReload } from '../../components/lazyWithReload';
import type { ResourceDefinition } from '../types';

/** SPEC §2 /privative/transactions (index → list): the ledger with unfreeze, return and cancel. */
export const transactions: ResourceDefinition = {
  name: 'privative/transactions',
  menu: 'transactions',
  icon: ReceiptIcon,
  list: { component: lazyWithReload(() => import('./TransactionList')), title: 'transactionList', path: 'list' },
  kind: 'custom',
  why: 'money moves (unfreeze, return, cancel) from the rows, with idempotent dialogs',
};

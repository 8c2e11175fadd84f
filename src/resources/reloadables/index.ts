import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import NotificationsIcon from '@mui/icons-material/Notifications';
import PeopleIcon from '@mui/icons-material/People';
import WalletIcon from '@mui/icons-material/Wallet';
import type { ReloadableCard, ReloadableUser, Wallet } from '../../../domain/reloadables';
import { lazyWithReload } from '../../components/lazyWithReload';
import type { ResourceDefinition } from '../types';

export { queueReloads, reloadRows, reloads, reloadsHistory } from './reloads';

/** The reloadable B2B card programme (issue 10): wallet, sub-company wallets, cards, users, notifications. */
export const wallet: ResourceDefinition = {
  name: 'reloadables/wallet',
  menu: 'wallet',
  icon: AccountBalanceWalletIcon,
  list: { component: lazyWithReload(() => import('./wallet/WalletPage')), title: 'wallet' },
  kind: 'custom',
  why: 'a wallet is a summary (balance, reserved, available) over a ledger of movements, with provider funding: not a list of records',
};

export const walletSubCompanies: ResourceDefinition = {
  name: 'reloadables/walletSubCompanies',
  menu: 'walletSubCompanies',
  icon: WalletIcon,
  recordRepresentation: (record: Wallet) => record.companyName,
  list: { component: lazyWithReload(() => import('./walletSubCompanies/SubCompanyWalletList')), title: 'walletSubCompanies' },
  detail: { component: lazyWithReload(() => import('./walletSubCompanies/SubCompanyWalletShow')), title: 'walletSubCompanyDetail', action: 'show' },
  kind: 'custom',
  why: "a sub-company's page moves money (a transfer form with the plafond's refusals) above its movements",
};
/** A sub-company wallet's movements, read by its detail page. */
export const walletSubCompanyMovements: ResourceDefinition = { name: 'reloadables/walletSubCompanies-movements', kind: 'data' };

export const reloadableCards: ResourceDefinition = {
  name: 'reloadables/cards',
  menu: 'reloadableCards',
  icon: CreditCardIcon,
  recordRepresentation: (record: ReloadableCard) => record.number,
  list: { component: lazyWithReload(() => import('./cards/CardList')), title: 'reloadableCards' },
  detail: { component: lazyWithReload(() => import('./cards/CardShow')), title: 'reloadableCardDetail', action: 'show' },
  kind: 'custom',
  why: 'per-card actions offered by state (lock, unlock, reload, link company, client ID), bulk actions with an operation summary, and a history',
};
/** A card's history (events), read by the card's page. */
export const reloadableCardHistory: ResourceDefinition = { name: 'reloadables/card-history', kind: 'data' };

export const reloadableUsers: ResourceDefinition = {
  name: 'reloadables/users',
  menu: 'reloadableUsers',
  icon: PeopleIcon,
  recordRepresentation: (record: ReloadableUser) => `${record.firstName} ${record.lastName}`,
  list: { component: lazyWithReload(() => import('./users/UserList')), title: 'reloadableUsers' },
  detail: { component: lazyWithReload(() => import('./users/UserShow')), title: 'reloadableUserDetail', action: 'show' },
  kind: 'custom',
  why: "a holder's page lists their cards, each linking to the card's page",
};

export const reloadableNotifications: ResourceDefinition = {
  name: 'reloadables/notifications',
  menu: 'notifications',
  icon: NotificationsIcon,
  list: { component: lazyWithReload(() => import('./notifications/NotificationSettingsPage')), title: 'reloadableNotifications' },
  kind: 'custom',
  why: "one settings form per company (GET/PUT notifications), not a list of records",
};

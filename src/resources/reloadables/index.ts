import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import NotificationsIcon from '@mui/icons-material/Notifications';
import PeopleIcon from '@mui/icons-material/People';
import WalletIcon from '@mui/icons-material/Wallet';
import { buildingResource, placeholder } from '../building';
import type { ResourceDefinition } from '../types';

export { queueReloads, reloadRows, reloads, reloadsHistory } from './reloads';

/** The reloadable B2B card programme (reloadable cards issue). */
export const wallet = buildingResource({ name: 'reloadables/wallet', menu: 'wallet', icon: AccountBalanceWalletIcon, list: placeholder('wallet') });

export const walletSubCompanies = buildingResource({
  name: 'reloadables/walletSubCompanies',
  menu: 'walletSubCompanies',
  icon: WalletIcon,
  list: placeholder('walletSubCompanies'),
  detail: placeholder('walletSubCompanyDetail'),
});
/** A sub-company wallet's movements, read by its detail page. */
export const walletSubCompanyMovements: ResourceDefinition = { name: 'reloadables/walletSubCompanies-movements', kind: 'data' };

export const reloadableCards = buildingResource({ name: 'reloadables/cards', menu: 'reloadableCards', icon: CreditCardIcon, list: placeholder('reloadableCards') });
/** A card's history (events), read by the card's page. */
export const reloadableCardHistory: ResourceDefinition = { name: 'reloadables/card-history', kind: 'data' };
export const reloadableUsers = buildingResource({ name: 'reloadables/users', menu: 'reloadableUsers', icon: PeopleIcon, list: placeholder('reloadableUsers') });
export const reloadableNotifications = buildingResource({
  name: 'reloadables/notifications',
  menu: 'notifications',
  icon: NotificationsIcon,
  list: placeholder('reloadableNotifications'),
});

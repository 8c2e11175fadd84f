import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import HistoryIcon from '@mui/icons-material/History';
import NotificationsIcon from '@mui/icons-material/Notifications';
import PeopleIcon from '@mui/icons-material/People';
import QueueIcon from '@mui/icons-material/Queue';
import SyncAltIcon from '@mui/icons-material/SyncAlt';
import WalletIcon from '@mui/icons-material/Wallet';
import { buildingResource, placeholder } from '../building';

/** The reloadable B2B card programme (reloadable cards issue). */
export const wallet = buildingResource({ name: 'reloadables/wallet', menu: 'wallet', icon: AccountBalanceWalletIcon, list: placeholder('wallet') });

export const walletSubCompanies = buildingResource({
  name: 'reloadables/walletSubCompanies',
  menu: 'walletSubCompanies',
  icon: WalletIcon,
  list: placeholder('walletSubCompanies'),
  detail: placeholder('walletSubCompanyDetail'),
});

export const reloadableCards = buildingResource({ name: 'reloadables/cards', menu: 'reloadableCards', icon: CreditCardIcon, list: placeholder('reloadableCards') });
export const reloadableUsers = buildingResource({ name: 'reloadables/users', menu: 'reloadableUsers', icon: PeopleIcon, list: placeholder('reloadableUsers') });
export const reloads = buildingResource({ name: 'reloadables/reloads', menu: 'reloads', icon: SyncAltIcon, list: placeholder('reloads') });
export const queueReloads = buildingResource({ name: 'reloadables/queue-reloads', menu: 'queueReloads', icon: QueueIcon, list: placeholder('queueReloads') });
export const reloadsHistory = buildingResource({ name: 'reloadables/reloads-history', menu: 'reloadsHistory', icon: HistoryIcon, list: placeholder('reloadsHistory') });
export const reloadableNotifications = buildingResource({
  name: 'reloadables/notifications',
  menu: 'notifications',
  icon: NotificationsIcon,
  list: placeholder('reloadableNotifications'),
});

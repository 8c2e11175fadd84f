import AssessmentIcon from '@mui/icons-material/Assessment';
import CardGiftcardIcon from '@mui/icons-material/CardGiftcard';
import ConfirmationNumberIcon from '@mui/icons-material/ConfirmationNumber';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import GroupIcon from '@mui/icons-material/Group';
import InsightsIcon from '@mui/icons-material/Insights';
import QrCode2Icon from '@mui/icons-material/QrCode2';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import type { SectionDefinition } from './types';

/** The main sections of SPEC §2, in menu order, with the resource each index opens. */
export const SECTIONS: readonly SectionDefinition[] = [
  { key: 'privative', base: 'privative', index: 'privative/giftcards', icon: <CardGiftcardIcon /> },
  { key: 'privativeOrders', base: 'privative-orders', index: 'privative-orders/companies', icon: <ShoppingCartIcon /> },
  { key: 'reloadables', base: 'reloadables', index: 'reloadables/wallet', icon: <CreditCardIcon /> },
  { key: 'square', base: 'square', index: 'square/orders', icon: <QrCode2Icon /> },
  { key: 'tickets', base: 'tickets', index: 'tickets', icon: <ConfirmationNumberIcon /> },
  { key: 'report', base: 'report', index: 'report', icon: <AssessmentIcon /> },
  { key: 'users', base: 'users', index: 'users', icon: <GroupIcon /> },
  { key: 'dashboard', base: 'dashboard', index: 'dashboard', icon: <InsightsIcon /> },
  // issue 22: top-level paths of their own (/api-keys, /audit), shown in the users section's menu
  // (key 'users'): both are the `management` flag's, as users are; issue 41's /emails as well
  // (provider staff's)
  { key: 'users', base: 'api-keys', index: 'api-keys', icon: <GroupIcon /> },
  { key: 'users', base: 'audit', index: 'audit', icon: <GroupIcon /> },
  { key: 'users', base: 'emails', index: 'emails', icon: <GroupIcon /> },
];

import AssessmentIcon from '@mui/icons-material/Assessment';
import CardGiftcardIcon from '@mui/icons-material/CardGiftcard';
import ConfirmationNumberIcon from '@mui/icons-material/ConfirmationNumber';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import GroupIcon from '@mui/icons-material/Group';
import InsightsIcon from '@mui/icons-material/Insights';
import QrCode2Icon from '@mui/icons-material/QrCode2';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import type { ReactElement } from 'react';

/** One icon per menu section of domain/menu.ts. */
export const SECTION_ICONS: Record<string, ReactElement> = {
  privative: <CardGiftcardIcon />,
  privativeOrders: <ShoppingCartIcon />,
  reloadables: <CreditCardIcon />,
  square: <QrCode2Icon />,
  tickets: <ConfirmationNumberIcon />,
  report: <AssessmentIcon />,
  users: <GroupIcon />,
  dashboard: <InsightsIcon />,
};

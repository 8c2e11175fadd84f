import EmailIcon from '@mui/icons-material/Email';
import QrCode2Icon from '@mui/icons-material/QrCode2';
import ShoppingBasketIcon from '@mui/icons-material/ShoppingBasket';
import { buildingResource, placeholder } from '../building';

/** Square voucher orders, their codes and e-mails (square issue). */
export const squareOrders = buildingResource({
  name: 'square/orders',
  menu: 'squareOrders',
  icon: ShoppingBasketIcon,
  list: placeholder('squareOrderList'),
  create: placeholder('squareOrderCreate'),
  detail: placeholder('squareOrderDetail'),
});

export const squareCodes = buildingResource({
  name: 'square/codes',
  menu: 'squareCodes',
  icon: QrCode2Icon,
  list: placeholder('squareCodeList'),
  detail: placeholder('squareCodeDetail'),
});

export const squareCommunications = buildingResource({
  name: 'square/communications',
  menu: 'squareCommunications',
  icon: EmailIcon,
  list: placeholder('squareCommunicationList'),
});

import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import { buildingResource, placeholder, placeholderRoute } from '../building';

/** B2B gift-card orders and their wizard (catalog, batches and orders issue). */
export const orders = buildingResource({
  name: 'privative-orders/orders',
  menu: 'orders',
  icon: ShoppingCartIcon,
  list: { ...placeholder('orderList'), path: 'list' },
  detail: placeholder('orderDetail'),
  routes: [
    placeholderRoute('create/company/:shippingType', 'orderCreate', 'create'),
    placeholderRoute('create/:shippingType/:subCompanyId', 'orderCreate', 'create'),
    placeholderRoute('create/:shippingType/:subCompanyId/:typologyId', 'orderCreate', 'create'),
    placeholderRoute(':id/configuration', 'orderConfiguration', 'edit'),
    placeholderRoute(':id/recap', 'orderRecap', 'show'),
    placeholderRoute(':id/additem/catalog/:type', 'orderAddItem', 'edit'),
    placeholderRoute(':id/additem/:typologyId/:type', 'orderAddItem', 'edit'),
    placeholderRoute(':id/:itemId', 'orderItem', 'show'),
  ],
});

export const acquiredOrders = buildingResource({
  name: 'privative-orders/acquired-orders',
  menu: 'acquiredOrders',
  icon: ReceiptLongIcon,
  list: { ...placeholder('acquiredOrderList'), path: 'list' },
  detail: placeholder('acquiredOrderDetail'),
});

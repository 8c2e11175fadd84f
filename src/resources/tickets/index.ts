import ConfirmationNumberIcon from '@mui/icons-material/ConfirmationNumber';
import { buildingResource, placeholder } from '../building';

/** Support tickets (tickets, users and profile issue). */
export const tickets = buildingResource({
  name: 'tickets',
  menu: 'tickets',
  icon: ConfirmationNumberIcon,
  list: { ...placeholder('ticketList'), path: 'list' },
  create: placeholder('ticketCreate'),
  detail: placeholder('ticketDetail'),
});

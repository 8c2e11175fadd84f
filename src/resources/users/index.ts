import GroupIcon from '@mui/icons-material/Group';
import { buildingResource, placeholder } from '../building';

/** User management (tickets, users and profile issue). */
export const users = buildingResource({
  name: 'users',
  menu: 'users',
  icon: GroupIcon,
  list: { ...placeholder('userList'), path: 'list' },
  create: placeholder('userCreate'),
  detail: placeholder('userDetail'),
});

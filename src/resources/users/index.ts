import GroupIcon from '@mui/icons-material/Group';
import type { UserRecord } from '../../../domain/schemas/users';
import { lazyWithReload } from '../../components/lazyWithReload';
import type { ResourceDefinition } from '../types';

/** SPEC §2 /users: list (at `list`), create, {id} (issue 20). */
export const users: ResourceDefinition = {
  name: 'users',
  menu: 'users',
  icon: GroupIcon,
  recordRepresentation: (record: UserRecord) => `${record.firstName} ${record.lastName}`,
  list: { component: lazyWithReload(() => import('./UserList')), title: 'userList', path: 'list' },
  create: { component: lazyWithReload(() => import('./UserCreate')), title: 'userCreate' },
  detail: { component: lazyWithReload(() => import('./UserEdit')), title: 'userDetail', action: 'edit' },
  kind: 'schema',
  why: 'list and data fields are schema-driven; the detail adds the permission checklist (the domain table, flags the caller lacks disabled) and the state actions',
};

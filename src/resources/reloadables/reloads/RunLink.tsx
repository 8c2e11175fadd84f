import { Link as MuiLink } from '@mui/material';
import { useCreatePath } from 'react-admin';
import { Link } from 'react-router-dom';

/** A run's number as a real link to its page under the list it is shown in (queue or history). */
export function RunLink({ resource, id, number, suffix }: { resource: string; id: string; number: string; suffix?: string }) {
  const createPath = useCreatePath();
  return (
    <MuiLink component={Link} to={createPath({ resource, type: 'edit', id })} underline="hover" sx={{ fontWeight: 500, whiteSpace: 'nowrap' }}>
      {number}
      {suffix}
    </MuiLink>
  );
}

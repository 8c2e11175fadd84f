import { Link as MuiLink } from '@mui/material';
import type { ReactNode } from 'react';
import { useCreatePath, useResourceContext, type RaRecord } from 'react-admin';
import { Link } from 'react-router-dom';

/** Where a list row leads: a path, or false when the row opens nothing. */
export type RecordLink = (record: RaRecord) => string | false;

/** The default row link: SPEC's `{id}` page (react-admin's edit route) of the list's resource. */
export function useEditLink(resource?: string): RecordLink {
  const createPath = useCreatePath();
  const contextResource = useResourceContext();
  const target = resource ?? contextResource ?? '';
  return (record) => createPath({ resource: target, type: 'edit', id: record.id });
}

/**
 * The identifying cell of a list row as a real link (`<a href>`): reachable with Tab, opened with
 * Enter, middle-click or "open in a new tab". The row's own click leads to the same place, so the
 * click stops here (no second navigation).
 */
export function SchemaRecordLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <MuiLink component={Link} to={to} onClick={(event) => event.stopPropagation()} underline="hover" sx={{ fontWeight: 500 }}>
      {children}
    </MuiLink>
  );
}

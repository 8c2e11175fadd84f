import { Box, Checkbox, FormControl, FormControlLabel, FormGroup, FormHelperText, FormLabel, Typography } from '@mui/material';
import { useId } from 'react';
import { useInput, useTranslate } from 'react-admin';
import type { PermissionKey } from '../../../domain/permissions';
import { permissionGroups } from '../../../domain/users';

/** A permission's translated name (`users.permissions.<key>`): the menu entries it opens (issue 43), under its group's heading in the checklist. */
export const permissionLabel = (key: PermissionKey) => `users.permissions.${key}`;

/**
 * A permission named outside the checklist (a refusal, an out-of-scope note), where no group
 * heading precedes it: "Square / Codici generati", as the menu shows the place; a permission of
 * no menu section (the general group) by its own name.
 */
export function permissionFullName(translate: (key: string) => string, key: PermissionKey): string {
  const group = key.includes('.') ? key.split('.')[0] : null;
  return group ? `${translate(`users.permissionGroups.${group}`)} / ${translate(permissionLabel(key))}` : translate(permissionLabel(key));
}

/**
 * The domain permission table as a checklist, grouped by area with translated names. A flag the
 * actor does not hold (`grantable` lacks it) is shown disabled with a hint: the server would
 * refuse its change (domain/users.ts notGrantableKeys). `locked` disables everything (the
 * actor's own account; the form says why, once for the role and the permissions).
 */
export function PermissionChecklist({
  value,
  onChange,
  grantable,
  locked = false,
}: {
  value: readonly PermissionKey[];
  onChange: (next: PermissionKey[]) => void;
  grantable: readonly PermissionKey[];
  locked?: boolean;
}) {
  const translate = useTranslate();
  const labelId = useId();
  const hintId = useId();
  const checked = new Set(value);
  const toggle = (key: PermissionKey) => onChange(permissionGroups().flatMap((group) => group.keys).filter((k) => (k === key ? !checked.has(k) : checked.has(k))));
  return (
    <FormControl component="fieldset" sx={{ width: '100%' }} data-testid="permission-checklist">
      <FormLabel component="legend" id={labelId}>
        {translate('users.fields.permissions')}
      </FormLabel>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2, mt: 1 }}>
        {permissionGroups().map(({ group, keys }) => (
          <Box key={group} component="section" aria-label={translate(`users.permissionGroups.${group}`)}>
            <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
              {translate(`users.permissionGroups.${group}`)}
            </Typography>
            <FormGroup>
              {keys.map((key) => {
                const held = grantable.includes(key);
                return (
                  <FormControlLabel
                    key={key}
                    control={<Checkbox checked={checked.has(key)} onChange={() => toggle(key)} name={key} inputProps={!held && !locked ? { 'aria-describedby': hintId } : undefined} />}
                    label={translate(permissionLabel(key))}
                    disabled={locked || !held}
                    title={!held && !locked ? translate('users.notHeldHint') : undefined}
                  />
                );
              })}
            </FormGroup>
          </Box>
        ))}
      </Box>
      {!locked && grantable.length < permissionGroups().flatMap((group) => group.keys).length && (
        <FormHelperText id={hintId} sx={{ mx: 0 }}>
          {translate('users.notHeldHint')}
        </FormHelperText>
      )}
    </FormControl>
  );
}

/** The checklist as the form's `permissions` input. */
export function PermissionChecklistInput({ grantable, locked }: { grantable: readonly PermissionKey[]; locked?: boolean }) {
  const { field } = useInput<PermissionKey[]>({ source: 'permissions', defaultValue: [] });
  return <PermissionChecklist value={(field.value as PermissionKey[] | undefined) ?? []} onChange={field.onChange} grantable={grantable} locked={locked} />;
}

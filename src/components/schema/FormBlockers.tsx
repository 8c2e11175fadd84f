import { Alert, Box, Link } from '@mui/material';
import { useEffect, useRef } from 'react';
import { useTranslate } from 'react-admin';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import type { FieldSet } from '../../../domain/fields';

/**
 * Why the form cannot be saved (issue 43): the shared submit button stays greyed out while the
 * form is changed and invalid, so once it is, every field's rule is checked (an untouched field's
 * message shows too) and this note, next to the button, names each invalid field with its message;
 * a click on one focuses its input. Every field's rule is checked again at each change while it is blocked.
 */
export function FormBlockers({ fields, extra = {} }: { fields: FieldSet; extra?: Record<string, string> }) {
  const translate = useTranslate();
  const { trigger } = useFormContext();
  const { isDirty, isValid, errors } = useFormState();
  const box = useRef<HTMLDivElement>(null);
  const values = useWatch();
  // A field the server refused (react-admin sets its error with type 'server') keeps that error
  // until the user changes it: it is no rule of the form, so checking the rules again must not
  // wipe it, and a refusal alone is said on the field and in the notification, not here.
  const refused = Object.entries(errors)
    .filter(([source, error]) => source !== 'root' && error?.type === 'server')
    .map(([source]) => source);
  const ruleErrors = Object.keys(errors).filter((source) => source !== 'root' && !refused.includes(source));
  const blocked = isDirty && !isValid && (refused.length === 0 || ruleErrors.length > 0);
  const refusedKey = refused.join(' ');
  // mode 'all' checks only the field being typed in: while blocked, each change checks them all
  // (all but the refused ones)
  useEffect(() => {
    if (!blocked) return;
    if (refusedKey === '') void trigger();
    else {
      const kept = new Set(refusedKey.split(' '));
      void trigger(Object.keys(values).filter((source) => !kept.has(source)));
    }
  }, [blocked, trigger, values, refusedKey]);
  if (!blocked) return null;
  const labels: Record<string, string> = { ...Object.fromEntries(fields.inputs.map((field) => [field.source, field.label])), ...extra };
  const invalid = Object.keys(labels).filter((source) => errors[source]);
  const focus = (source: string) => {
    const form = box.current?.closest('form') ?? document;
    const input = form.querySelector<HTMLElement>(`#${CSS.escape(source)}`) ?? form.querySelector<HTMLElement>(`[name="${CSS.escape(source)}"]`);
    input?.focus();
  };
  return (
    <Box ref={box} sx={{ mt: 2 }}>
      <Alert severity="warning" role="status" data-testid="form-blockers">
        {translate('forms.cannotSave')}
        {invalid.length > 0 && (
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {invalid.map((source) => (
              <li key={source}>
                <Link component="button" type="button" onClick={() => focus(source)} sx={{ verticalAlign: 'baseline', textAlign: 'left' }}>
                  {translate(labels[source])}
                </Link>
                {`: ${translate(String(errors[source]?.message ?? 'validation.invalid'))}`}
              </li>
            ))}
          </Box>
        )}
      </Alert>
    </Box>
  );
}

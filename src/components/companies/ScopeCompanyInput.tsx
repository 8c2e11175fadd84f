import { SelectInput, useRecordContext } from 'react-admin';
import type { ResolvedInputField } from '../../../domain/fields';
import { useScopeCompanies } from './useScopeCompanies';

/**
 * The input of a company reference (a company's parent, an operator's company): react-admin's
 * SelectInput over the user's own company and those below it, which a plain ReferenceInput
 * cannot offer (the companies list holds only those below). The declaration gives its label,
 * rule and read-only state; a company is never its own parent.
 */
export function ScopeCompanyInput({ field }: { field: ResolvedInputField }) {
  const record = useRecordContext();
  const editing = record?.id != null;
  const choices = useScopeCompanies(field.source === 'parentId' && editing ? String(record.id) : undefined);
  return (
    <SelectInput
      source={field.source}
      label={field.label}
      isRequired={field.required}
      readOnly={Boolean(field.readOnly && editing)}
      choices={choices}
      translateChoice={false}
      fullWidth
    />
  );
}

import { AutocompleteInput } from 'react-admin';
import type { FieldReference } from '../../domain/fields';
import { ReferenceChoicesInput } from './ReferenceChoicesInput';

/**
 * A record of another list picked by name, for list filters (`source` holds its id), bound to the
 * surrounding react-hook-form: searches that list (`q`) as the user types; a reference with a
 * `detail` shows it in brackets (a store: "Duomo (ST-01)"). Nothing shows to a user who may not
 * list the records (ReferenceChoicesInput).
 */
export function ReferenceAutocompleteInput({ source, label, reference }: { source: string; label: string; reference: FieldReference }) {
  const { optionText, detail } = reference;
  return (
    <ReferenceChoicesInput source={source} reference={reference}>
      <AutocompleteInput
        label={label}
        optionText={detail ? (record: Record<string, unknown>) => `${String(record[optionText])} (${String(record[detail])})` : optionText}
        filterToQuery={(text: string) => (text.trim() ? { q: text.trim() } : {})}
        // a blank line like the other filter fields, so the grid rows line up
        helperText=" "
        size="small"
        fullWidth
        margin="normal"
      />
    </ReferenceChoicesInput>
  );
}

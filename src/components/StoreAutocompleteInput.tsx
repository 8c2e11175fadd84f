import { AutocompleteInput } from 'react-admin';
import { STORE_REFERENCE } from '../../domain/schemas/stores-api';
import { ReferenceChoicesInput } from './ReferenceChoicesInput';

/**
 * Store picker for list filters, bound to the surrounding react-hook-form (`source` holds the
 * store id). Searches the company's stores as the user types. Nothing shows to a user who may
 * not list the stores (wrap its grid cell in `useCanListChoices(STORE_REFERENCE)` too).
 */
export function StoreAutocompleteInput({ source, label }: { source: string; label: string }) {
  return (
    <ReferenceChoicesInput source={source} reference={STORE_REFERENCE}>
      <AutocompleteInput
        label={label}
        optionText={(store: { code: string; name: string }) => `${store.name} (${store.code})`}
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

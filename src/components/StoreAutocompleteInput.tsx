import { AutocompleteInput, ReferenceInput } from 'react-admin';

/**
 * Store picker for list filters, bound to the surrounding react-hook-form (`source` holds the
 * store id). Searches the company's stores as the user types.
 */
export function StoreAutocompleteInput({ source, label }: { source: string; label: string }) {
  return (
    <ReferenceInput source={source} reference="privative/stores" sort={{ field: 'name', order: 'ASC' }}>
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
    </ReferenceInput>
  );
}

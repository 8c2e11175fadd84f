import { Button, Stack } from '@mui/material';

/**
 * The actions of a list's selection toolbar (SchemaList's `bulkActions`), a button each in a named
 * group. Dark text on the toolbar's tint is AA; the primary red would not be.
 */
export function SelectionButtons<A extends string>({ label, actions, labelOf, onPick }: { label: string; actions: readonly A[]; labelOf: (action: A) => string; onPick: (action: A) => void }) {
  return (
    <Stack direction="row" spacing={0.5} useFlexGap flexWrap="wrap" role="group" aria-label={label}>
      {actions.map((action) => (
        <Button key={action} size="small" variant="outlined" color="inherit" sx={{ color: 'text.primary' }} onClick={() => onPick(action)}>
          {labelOf(action)}
        </Button>
      ))}
    </Stack>
  );
}

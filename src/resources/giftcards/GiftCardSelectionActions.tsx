import { Button, Stack } from '@mui/material';
import { useState } from 'react';
import { useListContext, useRefresh, useTranslate } from 'react-admin';
import { BULK_ACTIONS, type BulkAction } from '../../../domain/giftcards';
import { BulkActionDialog } from './BulkActionDialog';

/** The bulk toolbar shown while cards are selected: each action on the selected ids. */
export function GiftCardSelectionActions() {
  const translate = useTranslate();
  const refresh = useRefresh();
  const { selectedIds, onUnselectItems } = useListContext();
  const [action, setAction] = useState<BulkAction | null>(null);
  return (
    <>
      <Stack direction="row" spacing={0.5} useFlexGap flexWrap="wrap" role="group" aria-label={translate('giftcards.list.selectionActions')}>
        {BULK_ACTIONS.map((candidate) => (
          // the toolbar's tinted background with the primary red text is 4.3:1; dark text is AA
          <Button key={candidate} size="small" variant="outlined" color="inherit" sx={{ color: 'text.primary' }} onClick={() => setAction(candidate)}>
            {translate(`giftcards.bulk.actions.${candidate}`)}
          </Button>
        ))}
      </Stack>
      {action && (
        <BulkActionDialog
          action={action}
          target={{ ids: selectedIds }}
          onClose={() => setAction(null)}
          onDone={() => {
            onUnselectItems();
            refresh();
          }}
        />
      )}
    </>
  );
}

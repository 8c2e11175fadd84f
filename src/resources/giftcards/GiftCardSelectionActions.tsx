import { useState } from 'react';
import { useListContext, useRefresh, useTranslate } from 'react-admin';
import { BULK_ACTIONS, type BulkAction } from '../../../domain/giftcards';
import { SelectionButtons } from '../../components/schema';
import { BulkActionDialog } from './BulkActionDialog';

/** The bulk toolbar shown while cards are selected: each action on the selected ids. */
export function GiftCardSelectionActions() {
  const translate = useTranslate();
  const refresh = useRefresh();
  const { selectedIds, onUnselectItems } = useListContext();
  const [action, setAction] = useState<BulkAction | null>(null);
  return (
    <>
      <SelectionButtons label={translate('giftcards.list.selectionActions')} actions={BULK_ACTIONS} labelOf={(candidate) => translate(`giftcards.bulk.actions.${candidate}`)} onPick={setAction} />
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

import { zodResolver } from '@hookform/resolvers/zod';
import { Typography } from '@mui/material';
import { useCallback, useMemo, useState } from 'react';
import { useDataProvider, useListContext, useRefresh, useTranslate, type Identifier } from 'react-admin';
import type { Resolver } from 'react-hook-form';
import { z } from 'zod';
import { VALIDATION_MESSAGES } from '../../../../domain/messages';
import { CARD_BULK_ACTIONS, RELOAD_AMOUNT_EXAMPLES, RELOAD_LIMITS, type CardBulkAction, type CardBulkBody, type CardBulkResult, type ReloadableCard } from '../../../../domain/reloadables';
import { AmountField } from '../../../components/AmountField';
import { euroAmountSchema } from '../../../components/euroAmountSchema';
import { FormDialog } from '../../../components/FormDialog';
import { createIdempotencyKeys } from '../../../components/idempotencyKey';
import { useFormSubmit } from '../../../components/useFormSubmit';
import type { TesseraDataProvider } from '../../../dataProvider/types';
import { CompanySelect } from './CardDialogs';
import { OperationSummaryModal } from '../../../components/OperationSummaryModal';
import { SelectionButtons } from '../../../components/schema';
import { useCardRights } from './useCardActions';
import { useLinkableCompanies } from './useLinkableCompanies';

/** Each action's parameters: reload one amount for all, link one company; lock and unlock none. */
function paramsSchema(action: CardBulkAction) {
  if (action === 'reload') return z.object({ amount: euroAmountSchema(RELOAD_LIMITS.maxReloadCents) });
  if (action === 'linkCompany') return z.object({ companyId: z.string().min(1, VALIDATION_MESSAGES.required) });
  return z.object({});
}

/** The companies to link the selected cards to: not the one every selected card is in already (that would change nothing). */
function BulkCompanyField({ ids }: { ids: Identifier[] }) {
  const companies = useLinkableCompanies();
  const { data = [] } = useListContext<ReloadableCard>();
  const wanted = new Set(ids.map(String));
  const selected = data.filter((card) => wanted.has(String(card.id)));
  const shared = selected.length === wanted.size && selected.every((card) => card.companyId === selected[0]?.companyId) ? selected[0]?.companyId : undefined;
  return <CompanySelect choices={companies.filter((company) => company.id !== shared)} />;
}

/**
 * The bulk actions that can change something on the selection: those at least one selected card
 * offers (`actions`, the API's rules for its state and scope) and the access table allows. A
 * selected card not in the loaded pages counts as offering every action (the server decides).
 */
export function offeredBulkActions(selectedIds: readonly Identifier[], cards: readonly ReloadableCard[], rights: Record<CardBulkAction, boolean>): CardBulkAction[] {
  const byId = new Map(cards.map((card) => [String(card.id), card]));
  const selected = selectedIds.map((id) => byId.get(String(id)));
  return CARD_BULK_ACTIONS.filter((action) => rights[action] && selected.some((card) => !card || card.actions[action]));
}

/**
 * Confirms a bulk action on the selected cards, asks its parameter, runs it (one Idempotency-Key
 * per content) and answers with the operation summary (per card: done, or why not).
 */
export function CardBulkDialog({ action, ids, onClose, onDone }: { action: CardBulkAction; ids: Identifier[]; onClose: () => void; onDone: () => void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<TesseraDataProvider>();
  const [keyFor] = useState(createIdempotencyKeys);
  const [result, setResult] = useState<CardBulkResult | null>(null);
  const resolver = useMemo(() => zodResolver(paramsSchema(action)) as unknown as Resolver<Record<string, string>>, [action]);
  const defaults: Record<string, string> = action === 'reload' ? { amount: '' } : action === 'linkCompany' ? { companyId: '' } : {};
  const submit = useFormSubmit(
    useCallback(
      async (values: { amount?: number; companyId?: string }) => {
        const params = action === 'reload' ? { amountCents: values.amount } : action === 'linkCompany' ? { companyId: values.companyId } : undefined;
        const body: CardBulkBody = { action, ids: ids.map(String), ...(params ? { params } : {}) };
        setResult(await dataProvider.bulkReloadableCards(body, keyFor(body)));
      },
      [action, ids, dataProvider, keyFor],
    ),
    action === 'reload' ? 'messages.unableToRecharge' : 'messages.unableToPerformAction',
  );
  if (result) {
    return (
      <OperationSummaryModal
        area="reloadables"
        result={result}
        onClose={() => {
          onDone();
          onClose();
        }}
      />
    );
  }
  return (
    <FormDialog
      id="card-bulk"
      title={translate(`reloadables.bulk.actions.${action}`)}
      resolver={resolver}
      defaultValues={defaults}
      onSubmit={submit}
      onClose={onClose}
      submitLabel={translate('reloadables.bulk.confirm')}
      allowPristine={action === 'lock' || action === 'unlock'}
      maxWidth="sm"
    >
      <Typography>{translate('reloadables.bulk.selected', { smart_count: ids.length })}</Typography>
      {action === 'reload' && <AmountField label={translate('reloadables.bulk.amount')} help="reloadables.cardActions.amountHelp" maxCents={RELOAD_LIMITS.maxReloadCents} exampleCents={RELOAD_AMOUNT_EXAMPLES.reloadCents} />}
      {action === 'linkCompany' && <BulkCompanyField ids={ids} />}
    </FormDialog>
  );
}

/** The toolbar shown while cards are selected: the bulk actions that can change something there (`offeredBulkActions`). */
export function CardSelectionActions() {
  const translate = useTranslate();
  const refresh = useRefresh();
  const rights = useCardRights();
  const { selectedIds, onUnselectItems, data = [] } = useListContext<ReloadableCard>();
  const [action, setAction] = useState<CardBulkAction | null>(null);
  const offered = offeredBulkActions(selectedIds, data, rights);
  return (
    <>
      {/* only while cards are selected: the collapsed toolbar's buttons would otherwise sit, invisible, over the sortable headers */}
      {selectedIds.length > 0 && (
        <SelectionButtons label={translate('reloadables.bulk.group')} actions={offered} labelOf={(candidate) => translate(`reloadables.bulk.actions.${candidate}`)} onPick={setAction} />
      )}
      {action && (
        <CardBulkDialog
          action={action}
          ids={selectedIds}
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

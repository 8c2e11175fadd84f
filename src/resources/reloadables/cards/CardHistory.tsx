import { Box, Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import type { CardEvent } from '../../../../domain/reloadables';
import { cardEventFields } from '../../../../domain/schemas/reloadable-cards';
import { useFormatCents } from '../../../components/MoneyField';
import { CompactRows, SchemaList, useRecordText } from '../../../components/schema';

/** What changed: the amount of a reload, the old → new client ID or company. */
function EventDetail() {
  const translate = useTranslate();
  const formatCents = useFormatCents();
  const event = useRecordContext<CardEvent>();
  if (!event) return null;
  if (event.amountCents !== null) return <span style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>+{formatCents(event.amountCents)}</span>;
  const detail = event.detail ?? {};
  // companies by name, states in the user's language, client IDs as they are
  const shown = (value: string | null | undefined, name: string | null | undefined) => {
    if (event.type === 'COMPANY_LINKED') return name ?? value ?? null;
    if ((event.type === 'LOCK' || event.type === 'UNLOCK') && value) return translate(`reloadables.cardStatus.${value.replace(' ', '_')}`, { _: value });
    return value ?? null;
  };
  const from = shown(detail.from ?? detail.previous, detail.fromName);
  const to = shown(detail.to ?? detail.next, detail.toName);
  if (from !== null || to !== null) return <span>{translate('reloadables.history.change', { from: from ?? '—', to: to ?? '—' })}</span>;
  // other shapes: their values in the order the server wrote them (old before new)
  const values = Object.values(detail).filter(Boolean);
  return values.length ? <span>{values.join(' → ')}</span> : null;
}

/** Phones: the event and what changed, then date, balance after and user. */
function CompactEvents() {
  const translate = useTranslate();
  return (
    <CompactRows
      fields={cardEventFields}
      label="reloadables.history.title"
      line={(_event, text) => (
        <>
          <Typography component="span" sx={{ fontWeight: 600 }}>
            {text('type')}
          </Typography>
          <Box sx={{ ml: 'auto' }}>
            <EventDetail />
          </Box>
        </>
      )}
      secondary={(_event, text) => [text('createdAt'), `${translate('reloadables.history.balanceAfter')} ${text('balanceAfterCents')}`, text('userName')]}
    />
  );
}

/** A card's history (its events, newest first): resource `reloadables/card-history` with the card in the filter. */
export function CardHistory({ cardId }: { cardId: string }) {
  const text = useRecordText(cardEventFields);
  return (
    <SchemaList
      fields={cardEventFields}
      within={{ cardId }}
      title="reloadables.history.title"
      perPage={20}
      // the event in words, not a badge
      render={{ type: (event) => text(event, 'type'), detail: () => <EventDetail /> }}
      compact={<CompactEvents />}
    />
  );
}

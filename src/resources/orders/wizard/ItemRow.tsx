import { Box, Button, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { OrderItem } from '../../../../domain/orders';
import { formatIdRange } from '../../../i18n/formatMoney';
import { useFormatCents } from '../../../components/MoneyField';
import { wizardPaths } from './paths';

/** What an item is made of: its ranges, its names list or its template. */
export function useItemDetail() {
  const translate = useTranslate();
  return (item: OrderItem) =>
    [
      item.ranges?.length ? translate('orderWizard.recap.ranges', { ranges: item.ranges.map((r) => formatIdRange(r.from, r.to)).join(', ') }) : null,
      item.namesListName ? translate('orderWizard.recap.namesList', { name: item.namesListName, smart_count: item.recipients }) : null,
      item.templateName ? translate('orderWizard.recap.template', { name: item.templateName }) : null,
    ].filter(Boolean) as string[];
}

/** One product of the draft: typology, cards × value, price, what it is made of; edit and remove while editable. */
export function ItemRow({ item, onRemove }: { item: OrderItem; onRemove?: (item: OrderItem) => void }) {
  const translate = useTranslate();
  const format = useFormatCents();
  const detail = useItemDetail();
  return (
    <Box component="li" data-testid="wizard-item" sx={{ display: 'flex', gap: 2, py: 1.5, borderBottom: 1, borderColor: 'divider', flexWrap: 'wrap', alignItems: 'center' }}>
      <Box sx={{ flex: '1 1 260px', minWidth: 0 }}>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {item.typologyName}
        </Typography>
        <Typography variant="body2">{translate('orderWizard.recap.line', { smart_count: item.quantity, value: format(item.valueCents) })}</Typography>
        {detail(item).map((line) => (
          <Typography key={line} variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {line}
          </Typography>
        ))}
      </Box>
      <Typography sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>{format(item.priceCents)}</Typography>
      {onRemove && (
        <Box sx={{ display: 'flex', gap: 1 }}>
          <Button component={Link} to={wizardPaths.item(item.orderId, item.id)} size="small" variant="outlined" aria-label={translate('orderWizard.recap.editNamed', { name: item.typologyName })}>
            {translate('orderWizard.recap.edit')}
          </Button>
          <Button size="small" color="error" onClick={() => onRemove(item)} aria-label={translate('orderWizard.recap.removeNamed', { name: item.typologyName })}>
            {translate('orderWizard.recap.remove')}
          </Button>
        </Box>
      )}
    </Box>
  );
}

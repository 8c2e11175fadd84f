import DeleteIcon from '@mui/icons-material/Delete';
import { Box, Button, IconButton, InputAdornment, List, ListItem, Paper, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { RELOAD_LIMITS, type ReloadableCard } from '../../../../domain/reloadables';
import { useFormatCents } from '../../../components/MoneyField';
import { readReloadAmount } from './amounts';
import { CardPicker } from './CardPicker';
import type { ReloadDraft } from './ReloadCheckout';
import { useReloadTab } from './useReloadTab';

interface Picked {
  card: ReloadableCard;
  amount: string;
}

/** The rows to check (position = `row`), once every picked card has a valid amount. */
function draftOf(picked: Picked[], amounts: ReturnType<typeof readReloadAmount>[]): ReloadDraft | null {
  if (picked.length === 0 || amounts.some((amount) => 'error' in amount)) return null;
  const rows = picked.map((item, index) => ({ cardId: String(item.card.id), amountCents: (amounts[index] as { cents: number }).cents, row: index + 1 }));
  return { source: 'MANUAL', input: { rows }, key: JSON.stringify(rows) };
}

/**
 * SPEC §2 "manual selection": cards found by search and added to a selection, an amount each or
 * one amount for all, optionally a date and time; then the server's check and the run.
 */
export function ManualTab({ onDirtyChange }: { onDirtyChange: (dirty: boolean) => void }) {
  const translate = useTranslate();
  const formatCents = useFormatCents();
  const [locale] = useLocaleState();
  const [picked, setPicked] = useState<Picked[]>([]);
  const [allAmount, setAllAmount] = useState('');
  const { outcome, footer } = useReloadTab({
    dirty: picked.length > 0 || allAmount !== '',
    onDirtyChange,
    clear: () => {
      setPicked([]);
      setAllAmount('');
    },
  });

  const amounts = picked.map((item) => readReloadAmount(item.amount, locale));
  const draft = draftOf(picked, amounts);
  const total = amounts.reduce((sum, amount) => sum + ('cents' in amount ? amount.cents : 0), 0);
  const allRead = readReloadAmount(allAmount, locale);
  if (outcome) return outcome;

  const setAmount = (index: number, amount: string) => setPicked((list) => list.map((item, at) => (at === index ? { ...item, amount } : item)));
  return (
    <Box>
      <CardPicker selectedIds={new Set(picked.map((item) => String(item.card.id)))} onPick={(card) => setPicked((list) => [...list, { card, amount: allRead && 'cents' in allRead ? allAmount : '' }])} />
      <Paper variant="outlined" sx={{ p: 2, my: 2 }} component="section" aria-label={translate('reloads.manual.selection')}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 1, mb: 1 }}>
          <Typography variant="h6" component="h2" sx={{ flex: '1 1 200px' }}>
            {translate('reloads.manual.selection')}
          </Typography>
          <TextField
            size="small"
            label={translate('reloads.manual.allAmount')}
            value={allAmount}
            onChange={(event) => setAllAmount(event.target.value)}
            error={allAmount !== '' && 'error' in allRead}
            helperText={allAmount !== '' && 'error' in allRead ? translate(allRead.error) : translate('reloads.manual.max', { max: formatCents(RELOAD_LIMITS.maxReloadCents) })}
            // the unit beside the amount, not in the label: the label stays whole in every language (issue 43, labels cut off)
            slotProps={{ htmlInput: { inputMode: 'decimal' }, input: { endAdornment: <InputAdornment position="end">€</InputAdornment> } }}
            sx={{ width: { xs: '100%', sm: 300 } }}
          />
          <Button variant="outlined" sx={{ mt: 0.5 }} disabled={picked.length === 0 || 'error' in allRead} onClick={() => setPicked((list) => list.map((item) => ({ ...item, amount: allAmount })))}>
            {translate('reloads.manual.applyAll')}
          </Button>
        </Box>
        {picked.length === 0 ? (
          <Typography color="text.secondary">{translate('reloads.manual.empty')}</Typography>
        ) : (
          <List disablePadding aria-label={translate('reloads.manual.selection')}>
            {picked.map((item, index) => {
              const amount = amounts[index];
              const error = item.amount !== '' && 'error' in amount ? amount.error : null;
              return (
                <ListItem key={item.card.id} divider disableGutters sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 1 }}>
                  <Box sx={{ flex: '1 1 220px', minWidth: 0, pt: 0.5 }}>
                    <Typography sx={{ fontWeight: 500, fontVariantNumeric: 'tabular-nums' }}>{item.card.number}</Typography>
                    <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                      {[item.card.customerName, item.card.clientId, translate('reloads.manual.balance', { balance: formatCents(item.card.balanceCents) })].filter(Boolean).join(' · ')}
                    </Typography>
                  </Box>
                  <TextField
                    size="small"
                    label={translate('reloads.fields.amount')}
                    value={item.amount}
                    onChange={(event) => setAmount(index, event.target.value)}
                    error={Boolean(error)}
                    helperText={error ? translate(error) : ' '}
                    slotProps={{ htmlInput: { inputMode: 'decimal', 'aria-label': translate('reloads.manual.amountFor', { number: item.card.number }) }, input: { endAdornment: <InputAdornment position="end">€</InputAdornment> } }}
                    // wide enough for the label in every language ("Montant du rechargement" was cut at 180)
                    sx={{ width: { xs: 'calc(100% - 48px)', sm: 230 } }}
                  />
                  <IconButton aria-label={translate('reloads.manual.remove', { number: item.card.number })} onClick={() => setPicked((list) => list.filter((_, at) => at !== index))}>
                    <DeleteIcon />
                  </IconButton>
                </ListItem>
              );
            })}
          </List>
        )}
        {picked.length > 0 && (
          <Typography sx={{ mt: 1 }} role="status">
            {translate('reloads.manual.summary', { smart_count: picked.length, total: formatCents(total) })}
          </Typography>
        )}
      </Paper>
      {footer({ draft, rowLabel: 'reloads.report.position', cardOf: (row) => picked[row - 1]?.card.number }, picked.length > 0 && !draft && <Typography color="text.secondary">{translate('reloads.manual.amountsNeeded')}</Typography>)}
    </Box>
  );
}

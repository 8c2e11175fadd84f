import { Autocomplete, TextField } from '@mui/material';
import { useState } from 'react';
import { useGetList, useGetOne, useTranslate } from 'react-admin';
import { useController, useFormContext } from 'react-hook-form';
import { CARD_CODE_PREFIX_MIN, cardFilterShape, normalizeCardCode, type GiftCard } from '../../../domain/giftcards';
import { maxLengthOf } from '../../../domain/messages';

const CODE_MAX = maxLengthOf(cardFilterShape.code);

/**
 * The card picker of the transaction filters: the API filters by card id, people type codes.
 * Typed text searches the card list by code (exact or prefix); the chosen card's id is the value.
 * A card id that came with the URL is shown by its code (read with the card's own route: the
 * card list has no id filter).
 */
const GIFT_CARDS = 'privative/giftcards';

export function CardCodeAutocomplete({ name, label }: { name: string; label: string }) {
  const translate = useTranslate();
  const { control } = useFormContext();
  const { field } = useController({ name, control });
  const [input, setInput] = useState('');
  const code = normalizeCardCode(input);
  const { data: options = [], isFetching } = useGetList<GiftCard>(
    GIFT_CARDS,
    { filter: { code }, pagination: { page: 1, perPage: 10 }, sort: { field: 'progressive', order: 'ASC' } },
    { enabled: code.length >= CARD_CODE_PREFIX_MIN },
  );
  const selectedId = (field.value as string | null) ?? null;
  const { data: selected } = useGetOne<GiftCard>(GIFT_CARDS, { id: selectedId ?? '' }, { enabled: selectedId !== null });

  return (
    <Autocomplete<GiftCard>
      options={code.length >= CARD_CODE_PREFIX_MIN ? options : []}
      value={selectedId && selected?.id === selectedId ? selected : null}
      onChange={(_event, card) => field.onChange(card?.id ?? null)}
      inputValue={input}
      onInputChange={(_event, value) => setInput(value)}
      getOptionLabel={(card) => card.code}
      isOptionEqualToValue={(option, value) => option.id === value.id}
      filterOptions={(cards) => cards}
      loading={isFetching}
      noOptionsText={code.length >= CARD_CODE_PREFIX_MIN ? translate('transactions.filters.noCard') : translate('transactions.filters.typeCode', { min: CARD_CODE_PREFIX_MIN, smart_count: CARD_CODE_PREFIX_MIN })}
      renderInput={(params) => <TextField {...params} inputProps={{ ...params.inputProps, maxLength: CODE_MAX }} label={label} size="small" margin="normal" helperText=" " />}
    />
  );
}

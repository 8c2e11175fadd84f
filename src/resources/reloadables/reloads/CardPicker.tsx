import { Autocomplete, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { useGetList, useTranslate } from 'react-admin';
import { maxLengthOf } from '../../../../domain/messages';
import { CARD_NUMBER_SEARCH_MIN_DIGITS, CARD_TEXT_SEARCH_MIN_CHARS, cardSearchRefusal, reloadableCardFilterSchema, type ReloadableCard } from '../../../../domain/reloadables';
import { CARDS } from './resources';

const SEARCH_DELAY_MS = 300;

/**
 * Finds the company's ACTIVE reloadable cards (the only ones a reload accepts) by card number,
 * client ID or customer name, through `reloadables/cards` with `q`; choosing one hands it to the
 * selection and empties the box for the next search. Cards already chosen are not offered again.
 * A search too short for the API's rule (domain `cardSearchRefusal`: the first CARD_NUMBER_SEARCH_MIN_DIGITS digits of a
 * number, CARD_TEXT_SEARCH_MIN_CHARS characters of a name or client ID) is not sent: the box says what to type.
 */
export function CardPicker({ selectedIds, onPick }: { selectedIds: Set<string>; onPick: (card: ReloadableCard) => void }) {
  const translate = useTranslate();
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQuery(text.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const tooShort = query === '' ? null : cardSearchRefusal(query);
  const enabled = query !== '' && tooShort === null;
  const { data = [], isFetching, error } = useGetList<ReloadableCard>(
    CARDS,
    { filter: { q: query, status: 'ACTIVE' }, pagination: { page: 1, perPage: 20 }, sort: { field: 'number', order: 'ASC' } },
    { enabled },
  );
  const options = enabled ? data.filter((card) => !selectedIds.has(String(card.id))) : [];
  // the search's minimum lengths, from the rule (domain cardSearchRefusal)
  const minimums = { digits: CARD_NUMBER_SEARCH_MIN_DIGITS, chars: CARD_TEXT_SEARCH_MIN_CHARS };
  const typeMore = () =>
    translate('reloads.manual.typeMore', {
      digits: translate('reloads.manual.firstDigits', { smart_count: CARD_NUMBER_SEARCH_MIN_DIGITS }),
      chars: translate('reloads.manual.characters', { smart_count: CARD_TEXT_SEARCH_MIN_CHARS }),
    });
  return (
    <Autocomplete<ReloadableCard, false, false, false>
      options={options}
      value={null}
      inputValue={text}
      onInputChange={(_event, value, reason) => {
        if (reason !== 'reset') setText(value);
      }}
      onChange={(_event, card) => {
        if (!card) return;
        onPick(card);
        setText('');
      }}
      filterOptions={(all) => all}
      getOptionLabel={(card) => card.number}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      renderOption={({ key, ...props }, card) => (
        <li key={key} {...props}>
          {card.number}
          {card.customerName ? ` · ${card.customerName}` : ''}
          {card.clientId ? ` · ${card.clientId}` : ''}
        </li>
      )}
      loading={enabled && isFetching}
      loadingText={translate('reloads.manual.searching')}
      noOptionsText={tooShort ? translate(tooShort) : !enabled ? typeMore() : translate(error ? 'errors.listLoad' : 'reloads.manual.noCards')}
      renderInput={(params) => <TextField {...params} inputProps={{ ...params.inputProps, maxLength: maxLengthOf(reloadableCardFilterSchema.shape.q) }} label={translate('reloads.manual.search')} helperText={translate('reloads.manual.searchHelp', minimums)} />}
    />
  );
}

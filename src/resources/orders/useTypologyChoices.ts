import { useGetList } from 'react-admin';
import type { Typology } from '../../../domain/giftcards';

/** The card catalog (typologies the company may order), for the "card order typology" filter. */
export function useTypologyChoices() {
  const { data = [] } = useGetList<Typology>('privative/typologies', { pagination: { page: 1, perPage: 100 }, sort: { field: 'name', order: 'ASC' } });
  return data;
}

import { useTranslate, type RaRecord } from 'react-admin';
import { orderCardFields } from '../../../domain/schemas/giftcard';
import type { OrderDetail } from '../../../domain/orders';
import { CompactRows, SchemaField, SchemaList } from '../../components/schema';
import { GiftCardCodeLink } from '../../components/giftcards/GiftCardCodeLink';
import { Section } from './OrderSections';
import type { OrderViewConfig } from './orderViews';

const STATUS = orderCardFields.fields.find((field) => field.source === 'status')!;
const RENDER = {
  code: () => <GiftCardCodeLink />,
  // a card's number, not a count: never grouped
  progressive: (card: RaRecord) => String(card.progressive),
};

/**
 * The order's gift cards (`GET orders/{id}/cards`, by progressive), 25 at a time with SPEC's load
 * more: code (the link to the card for who may open it), progressive, status, balance. The list
 * opens again when the order's state changes, so an order that becomes issued shows its new cards.
 */
export function OrderCards({ order, config }: { order: OrderDetail; config: OrderViewConfig }) {
  const translate = useTranslate();
  return (
    <Section id="cards" title="orderScreens.detail.cards">
      <SchemaList
        key={`${order.state}:${order.activated}`}
        fields={orderCardFields}
        resource={config.view === 'placed' ? 'privative-orders/order-cards' : 'privative-orders/acquired-order-cards'}
        within={{ orderId: order.id }}
        empty="orderScreens.detail.noCards"
        loadMore="orderScreens.detail.loadMoreCards"
        render={RENDER}
        compact={
          <CompactRows
            fields={orderCardFields}
            label="orderScreens.detail.cards"
            line={() => (
              <>
                <GiftCardCodeLink />
                <SchemaField field={STATUS} />
              </>
            )}
            end={(_card, text) => text('availableBalanceCents')}
            secondary={(card) => `${translate('orderScreens.fields.progressive')} ${card.progressive}`}
          />
        }
      />
    </Section>
  );
}

import { useDataProvider, useTranslate } from 'react-admin';
import { z } from 'zod';
import { orderTrackingSchema, type OrderDetail } from '../../../domain/orders';
import { ActionDialog } from '../../components/ActionDialog';
import { FormTextField } from '../../components/FormTextField';
import type { TesseraDataProvider } from '../../dataProvider/types';

/** The API's tracking rules, an empty link read as none. */
const trackingFormSchema = z.object({
  carrier: orderTrackingSchema.shape.carrier,
  number: orderTrackingSchema.shape.number,
  link: z.preprocess((value) => (typeof value === 'string' && value.trim() ? value.trim() : null), orderTrackingSchema.shape.link),
});

/** Tracking of a third-party shipment (provider staff): carrier, number, optional link; the order becomes "shipped". */
export function OrderTrackingDialog({ order, onClose, onDone }: { order: OrderDetail; onClose: () => void; onDone: () => void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<TesseraDataProvider>();
  const label = (key: string) => translate(`orderScreens.fields.${key}`);
  return (
    <ActionDialog
      id="order-tracking-dialog"
      title={translate('orderScreens.trackingDialog.title', { number: order.number })}
      schema={trackingFormSchema}
      defaultValues={{ carrier: order.trackingCarrier ?? '', number: order.trackingNumber ?? '', link: order.trackingLink ?? '' }}
      run={(tracking) => dataProvider.setOrderTracking(order.id, tracking)}
      done="orderScreens.success.trackingSaved"
      failure="messages.unableToPerformAction"
      onDone={onDone}
      onClose={onClose}
      submitLabel={translate('orderScreens.trackingDialog.submit')}
    >
      <FormTextField name="carrier" rule={orderTrackingSchema.shape.carrier} label={label('carrier')} required autoFocus />
      <FormTextField name="number" rule={orderTrackingSchema.shape.number} label={label('trackingNumber')} required />
      <FormTextField name="link" rule={orderTrackingSchema.shape.link} label={label('trackingLink')} type="url" />
    </ActionDialog>
  );
}

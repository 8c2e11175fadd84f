import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useMemo } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { z } from 'zod';
import { orderTrackingSchema, type OrderDetail, type OrderTracking } from '../../../domain/orders';
import { FormDialog } from '../../components/FormDialog';
import { FormTextField } from '../../components/FormTextField';
import { useFormSubmit } from '../../components/useFormSubmit';
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
  const notify = useNotify();
  const dataProvider = useDataProvider<TesseraDataProvider>();
  const resolver = useMemo(() => zodResolver(trackingFormSchema), []);
  const submit = useFormSubmit(
    useCallback(
      async (tracking: OrderTracking) => {
        await dataProvider.setOrderTracking(order.id, tracking);
        notify('orderScreens.success.trackingSaved', { type: 'success' });
        onDone();
        onClose();
      },
      [dataProvider, order.id, notify, onDone, onClose],
    ),
    'messages.unableToPerformAction',
  );
  const label = (key: string) => translate(`orderScreens.fields.${key}`);
  return (
    <FormDialog
      id="order-tracking-dialog"
      title={translate('orderScreens.trackingDialog.title', { number: order.number })}
      resolver={resolver}
      defaultValues={{ carrier: order.trackingCarrier ?? '', number: order.trackingNumber ?? '', link: order.trackingLink ?? '' }}
      onSubmit={submit}
      onClose={onClose}
      submitLabel={translate('orderScreens.trackingDialog.submit')}
    >
      <FormTextField name="carrier" rule={orderTrackingSchema.shape.carrier} label={label('carrier')} required autoFocus />
      <FormTextField name="number" rule={orderTrackingSchema.shape.number} label={label('trackingNumber')} required />
      <FormTextField name="link" rule={orderTrackingSchema.shape.link} label={label('trackingLink')} type="url" />
    </FormDialog>
  );
}

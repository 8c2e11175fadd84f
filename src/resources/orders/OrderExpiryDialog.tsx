import dayjs from 'dayjs';
import { useDataProvider, useTranslate } from 'react-admin';
import { z } from 'zod';
import { expiryToday, isTodayOrLater, type OrderDetail } from '../../../domain/orders';
import { ActionDialog } from '../../components/ActionDialog';
import { FormDateField } from '../../components/FormDateField';
import { isoDayOf, parseDay } from '../../components/localDayBounds';
import type { TesseraDataProvider } from '../../dataProvider/types';

/**
 * A typed day (DD/MM/YYYY), today or later by the domain's rule (the server's check): today is the
 * UTC day, as the cards work until the end of their day, UTC; a local "today" refused a day the
 * server takes (after midnight in Italy) and let through one it refuses (in the evening west of UTC).
 */
export const expiryFormSchema = z.object({
  expireDate: z
    .string()
    .trim()
    .min(1, 'validation.required')
    .refine((text) => parseDay(text) !== null, 'validation.invalid')
    .refine((text) => parseDay(text) === null || isTodayOrLater(isoDayOf(text), new Date()), 'orderScreens.expiryDialog.notBefore'),
});

/** "Edit expiry date" (before activation): the day the order's cards expire, today or later. */
export function OrderExpiryDialog({ order, onClose, onDone }: { order: OrderDetail; onClose: () => void; onDone: () => void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<TesseraDataProvider>();
  const today = expiryToday(new Date());
  const current = order.expireDate ? dayjs(order.expireDate).format('DD/MM/YYYY') : '';
  return (
    <ActionDialog
      id="order-expiry-dialog"
      title={translate('orderScreens.expiryDialog.title', { number: order.number })}
      schema={expiryFormSchema}
      defaultValues={{ expireDate: current }}
      run={({ expireDate }) => dataProvider.editOrderExpiry(order.id, isoDayOf(expireDate))}
      done="orderScreens.success.expiryUpdated"
      failure="messages.unableToPerformAction"
      onDone={onDone}
      onClose={onClose}
      submitLabel={translate('orderScreens.expiryDialog.submit')}
    >
      <FormDateField
        name="expireDate"
        label={translate('orderScreens.expiryDialog.date')}
        calendarLabel={translate('orderScreens.filters.openCalendar')}
        helperText={translate('orderScreens.expiryDialog.help')}
        min={today}
        required
        autoFocus
      />
    </ActionDialog>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import dayjs from 'dayjs';
import { useCallback, useMemo } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { z } from 'zod';
import type { OrderDetail } from '../../../domain/orders';
import { FormDateField } from '../../components/FormDateField';
import { FormDialog } from '../../components/FormDialog';
import { isoDayOf, parseDay } from '../../components/localDayBounds';
import { useFormSubmit } from '../../components/useFormSubmit';
import type { TesseraDataProvider } from '../../dataProvider/types';

/** A typed day (DD/MM/YYYY), today or later in the user's calendar. */
const expiryFormSchema = z.object({
  expireDate: z
    .string()
    .trim()
    .min(1, 'validation.required')
    .refine((text) => parseDay(text) !== null, 'validation.invalid')
    .refine((text) => !parseDay(text)?.isBefore(dayjs().startOf('day')), 'orderScreens.expiryDialog.notBefore'),
});

/** "Edit expiry date" (before activation): the day the order's cards expire, today or later. */
export function OrderExpiryDialog({ order, onClose, onDone }: { order: OrderDetail; onClose: () => void; onDone: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<TesseraDataProvider>();
  const resolver = useMemo(() => zodResolver(expiryFormSchema), []);
  const today = dayjs().format('YYYY-MM-DD');
  const submit = useFormSubmit(
    useCallback(
      async ({ expireDate }: { expireDate: string }) => {
        await dataProvider.editOrderExpiry(order.id, isoDayOf(expireDate));
        notify('orderScreens.success.expiryUpdated', { type: 'success' });
        onDone();
        onClose();
      },
      [dataProvider, order.id, notify, onDone, onClose],
    ),
    'messages.unableToPerformAction',
  );
  const current = order.expireDate ? dayjs(order.expireDate).format('DD/MM/YYYY') : '';
  return (
    <FormDialog
      id="order-expiry-dialog"
      title={translate('orderScreens.expiryDialog.title', { number: order.number })}
      resolver={resolver}
      defaultValues={{ expireDate: current }}
      onSubmit={submit}
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
    </FormDialog>
  );
}

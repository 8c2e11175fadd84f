import { Button, DialogActions, DialogContent, DialogTitle, FormControl, FormControlLabel, FormLabel, Radio, RadioGroup } from '@mui/material';
import { useId, useState } from 'react';
import { useCreatePath, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { SHIPPING_TYPES, shippingTypeKey, type ShippingType } from '../../../domain/orders';
import { ModalDialog } from '../../components/ModalDialog';
import { ORDERS } from './orderViews';

/**
 * SPEC §2's "add order" modal: the order type (digital only, physical shipped by the customer,
 * physical shipped by a third party), then the wizard's first step `create/company/{shippingType}`.
 */
export function OrderTypeDialog({ onClose }: { onClose: () => void }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const createPath = useCreatePath();
  const [type, setType] = useState<ShippingType>('DIGITAL');
  const labelId = useId();
  return (
    <ModalDialog open onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="order-type-title">
      <DialogTitle id="order-type-title">{translate('orderScreens.addDialog.title')}</DialogTitle>
      <DialogContent>
        <FormControl>
          <FormLabel id={labelId}>{translate('orderScreens.addDialog.question')}</FormLabel>
          <RadioGroup aria-labelledby={labelId} value={type} onChange={(event) => setType(event.target.value as ShippingType)}>
            {SHIPPING_TYPES.map((option) => (
              <FormControlLabel key={option} value={option} control={<Radio />} label={translate(shippingTypeKey(option))} />
            ))}
          </RadioGroup>
        </FormControl>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" onClick={() => navigate(`${createPath({ resource: ORDERS, type: 'list' })}/create/company/${type}`)}>
          {translate('orderScreens.addDialog.continue')}
        </Button>
      </DialogActions>
    </ModalDialog>
  );
}

import { Box } from '@mui/material';
import { useTranslate } from 'react-admin';
import { FormTextField } from '../../components/FormTextField';

/** First and last name, phone with country prefix and e-mail: the referent and operator forms. */
export function ContactFields() {
  const translate = useTranslate();
  const label = (field: string) => translate(`companies.contactFields.${field}`);
  return (
    <>
      <Box sx={{ display: 'flex', gap: 2 }}>
        <FormTextField name="firstName" label={label('firstName')} required autoComplete="off" />
        <FormTextField name="lastName" label={label('lastName')} required autoComplete="off" />
      </Box>
      <Box sx={{ display: 'flex', gap: 2 }}>
        <FormTextField name="phoneCountry" label={label('phoneCountry')} required sx={{ maxWidth: 140 }} />
        <FormTextField name="phone" label={label('phone')} required inputProps={{ inputMode: 'tel' }} />
      </Box>
      <FormTextField name="email" label={label('email')} required type="email" autoComplete="off" />
    </>
  );
}

export const EMPTY_CONTACT = { firstName: '', lastName: '', phoneCountry: '+39', phone: '', email: '' };

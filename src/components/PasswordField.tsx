import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import { IconButton, InputAdornment, type TextFieldProps } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { FormTextField } from './FormTextField';

/**
 * A password field with a show/hide toggle. No maxLength attribute: a pasted password longer than
 * the rule would be cut silently (and then refused as wrong); the rule's message names the limit
 * instead (SPEC §5 passwordLengthError, "at most 255 characters").
 */
export function PasswordField(props: Omit<TextFieldProps, 'name' | 'type'> & { name: string }) {
  const translate = useTranslate();
  const [visible, setVisible] = useState(false);
  return (
    <FormTextField
      {...props}
      type={visible ? 'text' : 'password'}
      slotProps={{
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton aria-label={translate(visible ? 'password.hide' : 'password.show')} onClick={() => setVisible((shown) => !shown)} edge="end" size="small">
                {visible ? <VisibilityOff /> : <Visibility />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

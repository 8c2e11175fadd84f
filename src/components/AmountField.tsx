import { useTranslate } from 'react-admin';
import { FormTextField } from './FormTextField';
import { useFormatCents } from './MoneyField';

type AmountFieldProps = Omit<Parameters<typeof FormTextField>[0], 'name' | 'helperText'> & {
  /** the form value's name; `amount` by default */
  name?: string;
  /** the helper text's key, given the largest amount as `max` (formatted) */
  help: string;
  maxCents: number;
};

/**
 * An amount typed in euros (read by `euroAmountSchema`): a decimal keypad on phones, the largest
 * amount in the helper text; required and focused unless told otherwise.
 */
export function AmountField({ name = 'amount', help, maxCents, required = true, autoFocus = true, ...props }: AmountFieldProps) {
  const translate = useTranslate();
  const formatCents = useFormatCents();
  return <FormTextField {...props} name={name} helperText={translate(help, { max: formatCents(maxCents) })} slotProps={{ htmlInput: { inputMode: 'decimal' } }} required={required} autoFocus={autoFocus} />;
}

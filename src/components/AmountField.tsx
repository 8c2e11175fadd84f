import { useLocaleState, useTranslate } from 'react-admin';
import { amountInputText } from '../../domain/format';
import { FormTextField } from './FormTextField';
import { useFormatCents } from './MoneyField';

type AmountFieldProps = Omit<Parameters<typeof FormTextField>[0], 'name' | 'helperText'> & {
  /** the form value's name; `amount` by default */
  name?: string;
  /** the helper text's key, given the largest amount as `max` (formatted) */
  help: string;
  maxCents: number;
  /**
   * An example amount for the helper text, given as `example` ("1500") and `exampleDecimal`
   * ("1500,50") in the reader's input format; a whole number of euros, kept below `maxCents`.
   */
  exampleCents?: number;
};

/**
 * An amount typed in euros (read by `euroAmountSchema`): a decimal keypad on phones, the largest
 * amount in the helper text; required and focused unless told otherwise.
 */
export function AmountField({ name = 'amount', help, maxCents, exampleCents, required = true, autoFocus = true, ...props }: AmountFieldProps) {
  const translate = useTranslate();
  const formatCents = useFormatCents();
  const [language] = useLocaleState();
  // the example and its decimal variant (+ 0,50) never above the cap: a hint must not contradict the rule
  const example = exampleCents === undefined ? undefined : Math.max(0, Math.floor(Math.min(exampleCents, maxCents - 50) / 100) * 100);
  const examples = example === undefined ? {} : { example: amountInputText(example, language), exampleDecimal: amountInputText(example + 50, language) };
  return <FormTextField {...props} name={name} helperText={translate(help, { max: formatCents(maxCents), ...examples })} slotProps={{ htmlInput: { inputMode: 'decimal' } }} required={required} autoFocus={autoFocus} />;
}

import { FilledInput, FormControl, FormHelperText, Input, InputLabel, OutlinedInput, type TextFieldProps } from '@mui/material';
import { styled, useThemeProps } from '@mui/material/styles';
import { useId, type Ref } from 'react';

const INPUTS = { standard: Input, filled: FilledInput, outlined: OutlinedInput } as const;

// the theme's MuiTextField styles (react-admin's full width on phones) apply to this root as to TextField's
const Root = styled(FormControl, { name: 'MuiTextField', slot: 'Root' })({});

type SlotProps = Record<string, unknown> | ((ownerState: unknown) => Record<string, unknown>) | undefined;
const resolved = (slot: unknown, ownerState: unknown) => ((typeof slot === 'function' ? (slot as (state: unknown) => unknown)(ownerState) : slot) ?? {}) as Record<string, unknown>;

export type PlainTextFieldProps = Omit<TextFieldProps, 'select' | 'SelectProps' | 'slots'> & { ref?: Ref<HTMLDivElement> };

/**
 * MUI's TextField without its `select` mode: the same markup (FormControl, InputLabel, the
 * variant's input, FormHelperText), ids, labels and theme defaults (`MuiTextField`), without
 * bringing MUI's Select, Menu, Popover and Modal into the sign-in page's JavaScript (issue 45).
 * A choice list is a `FormSelectField` (MUI's TextField).
 */
export function PlainTextField(inProps: PlainTextFieldProps) {
  const props = useThemeProps({ props: inProps as TextFieldProps, name: 'MuiTextField' }) as TextFieldProps;
  const {
    autoComplete,
    autoFocus = false,
    className,
    color = 'primary',
    defaultValue,
    disabled = false,
    error = false,
    FormHelperTextProps,
    fullWidth = false,
    helperText,
    id: idOverride,
    InputLabelProps,
    inputProps,
    InputProps,
    inputRef,
    label,
    maxRows,
    minRows,
    multiline = false,
    name,
    onBlur,
    onChange,
    onFocus,
    placeholder,
    required = false,
    rows,
    slotProps = {},
    type,
    value,
    variant = 'outlined',
    // not used without a select
    children: _children,
    select: _select,
    SelectProps: _selectProps,
    slots: _slots,
    ...other
  } = props;
  const ownerState = { ...props, autoFocus, color, disabled, error, fullWidth, multiline, required, select: false, variant };
  const generatedId = useId();
  const id = idOverride ?? generatedId;
  const helperTextId = helperText ? `${id}-helper-text` : undefined;
  const inputLabelId = label ? `${id}-label` : undefined;
  const slot = slotProps as Record<string, SlotProps>;
  const inputSlot = { ...(InputProps as Record<string, unknown>), ...resolved(slot.input, ownerState) };
  const inputLabelSlot = { ...(InputLabelProps as Record<string, unknown>), ...resolved(slot.inputLabel, ownerState) };
  const htmlInputSlot = { ...(inputProps as Record<string, unknown>), ...resolved(slot.htmlInput, ownerState) };
  const helperTextSlot = { ...(FormHelperTextProps as Record<string, unknown>), ...resolved(slot.formHelperText, ownerState) };
  const Input = INPUTS[variant];
  const outlined = variant === 'outlined' ? { label, ...(typeof inputLabelSlot.shrink === 'undefined' ? {} : { notched: inputLabelSlot.shrink as boolean }) } : {};
  return (
    <Root {...other} {...resolved(slot.root, ownerState)} className={['MuiTextField-root', className].filter(Boolean).join(' ')} disabled={disabled} error={error} fullWidth={fullWidth} required={required} color={color} variant={variant}>
      {label != null && label !== '' && (
        <InputLabel htmlFor={id} id={inputLabelId} {...inputLabelSlot}>
          {label}
        </InputLabel>
      )}
      <Input
        aria-describedby={helperTextId}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        defaultValue={defaultValue}
        fullWidth={fullWidth}
        multiline={multiline}
        name={name}
        rows={rows}
        maxRows={maxRows}
        minRows={minRows}
        type={type}
        value={value}
        id={id}
        inputRef={inputRef}
        onBlur={onBlur}
        onChange={onChange}
        onFocus={onFocus}
        placeholder={placeholder}
        inputProps={htmlInputSlot}
        {...outlined}
        {...inputSlot}
      />
      {helperText && (
        <FormHelperText id={helperTextId} {...helperTextSlot}>
          {helperText}
        </FormHelperText>
      )}
    </Root>
  );
}

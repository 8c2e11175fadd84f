import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Box, Button, FormHelperText, Typography } from '@mui/material';
import { useId } from 'react';
import { useTranslate } from 'react-admin';
import { useController, useFormContext, useWatch } from 'react-hook-form';
import { useFormat } from '../../../i18n/formatMoney';

/**
 * A file of the form (template image, names list): a button opening the file picker (a label, so
 * Enter and Space work), the chosen file's name and size, a way to remove it, and the rule or the
 * error under it. `errorText` words an error that needs more than its key.
 */
export function FileChooser({
  name,
  label,
  accept,
  help,
  current,
  dropCurrent,
  errorText,
  onChosen,
}: {
  name: 'template' | 'namesList';
  label: string;
  accept: string;
  help: string;
  /** the file the saved item has: kept until another is chosen */
  current?: string | null;
  /** the form's flag that removes the saved file instead (offered when set) */
  dropCurrent?: 'dropTemplate';
  errorText?: (key: string) => string;
  onChosen?: (file: File | null) => void;
}) {
  const translate = useTranslate();
  const format = useFormat();
  const { control, setValue } = useFormContext();
  const { field, fieldState } = useController({ name, control });
  const dropped = useWatch({ control, name: dropCurrent ?? 'dropTemplate' }) === true && Boolean(dropCurrent);
  const setDropped = (value: boolean) => dropCurrent && setValue(dropCurrent, value, { shouldDirty: true, shouldValidate: true });
  const helpId = useId();
  const file = field.value as File | null;
  const error = fieldState.error?.message;
  const choose = (next: File | null) => {
    field.onChange(next);
    onChosen?.(next);
  };
  return (
    <Box sx={{ my: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Button component="label" variant="outlined" startIcon={<UploadFileIcon />} aria-describedby={helpId}>
          {label}
          <input
            hidden
            type="file"
            accept={accept}
            name={name}
            onChange={(event) => {
              choose(event.target.files?.[0] ?? null);
              event.target.value = '';
            }}
          />
        </Button>
        {file && (
          <>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }} data-testid={`${name}-file`}>
              {file.name} ({format.fileSize(file.size)})
            </Typography>
            <Button size="small" onClick={() => choose(null)} aria-label={translate('orderWizard.files.removeNamed', { name: file.name })}>
              {translate('orderWizard.files.remove')}
            </Button>
          </>
        )}
      </Box>
      {!file && current && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mt: 1 }}>
          <Typography variant="body2" color="text.secondary" data-testid={`${name}-saved`}>
            {translate(dropped ? 'orderWizard.files.currentDropped' : 'orderWizard.files.current', { name: current })}
          </Typography>
          {dropCurrent &&
            (dropped ? (
              <Button size="small" onClick={() => setDropped(false)}>
                {translate('orderWizard.files.keep')}
              </Button>
            ) : (
              <Button size="small" onClick={() => setDropped(true)} aria-label={translate('orderWizard.files.removeNamed', { name: current })}>
                {translate('orderWizard.files.remove')}
              </Button>
            ))}
        </Box>
      )}
      <FormHelperText id={helpId} error={Boolean(error)} role={error ? 'alert' : undefined}>
        {error ? (errorText ? errorText(error) : translate(error)) : help}
      </FormHelperText>
    </Box>
  );
}

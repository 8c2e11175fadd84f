import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Box, Button, FormHelperText, Typography } from '@mui/material';
import { useId } from 'react';
import { useTranslate } from 'react-admin';
import { useController, useFormContext } from 'react-hook-form';
import { useFormat } from '../../../components/formatMoney';

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
  errorText,
  onChosen,
}: {
  name: 'template' | 'namesList';
  label: string;
  accept: string;
  help: string;
  /** the file the saved item has (shown until another is chosen) */
  current?: string | null;
  errorText?: (key: string) => string;
  onChosen?: (file: File | null) => void;
}) {
  const translate = useTranslate();
  const format = useFormat();
  const { control } = useFormContext();
  const { field, fieldState } = useController({ name, control });
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
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {translate('orderWizard.files.current', { name: current })}
        </Typography>
      )}
      <FormHelperText id={helpId} error={Boolean(error)} role={error ? 'alert' : undefined}>
        {error ? (errorText ? errorText(error) : translate(error)) : help}
      </FormHelperText>
    </Box>
  );
}

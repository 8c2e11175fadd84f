import { Box, FormControlLabel, Switch, Typography } from '@mui/material';
import { useController, useFormContext } from 'react-hook-form';

/** A boolean of the form as a switch with its label and, under it, the help that describes it. */
export function FormSwitch({ name, label, help, disabled, sx = { my: 1 }, helpSx = { ml: { xs: 0, sm: 6 } } }: { name: string; label: string; help: string; disabled?: boolean; sx?: object; helpSx?: object }) {
  const { control } = useFormContext();
  const { field } = useController({ name, control });
  const helpId = `${name}-help`;
  return (
    <Box sx={sx}>
      <FormControlLabel
        control={<Switch checked={field.value === true} onChange={(event) => field.onChange(event.target.checked)} onBlur={field.onBlur} name={name} disabled={disabled} slotProps={{ input: { 'aria-describedby': helpId } }} />}
        label={label}
      />
      <Typography id={helpId} variant="body2" color="text.secondary" sx={helpSx}>
        {help}
      </Typography>
    </Box>
  );
}

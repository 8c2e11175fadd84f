import { Box, FormControl, FormControlLabel, FormLabel, Radio, RadioGroup, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useId } from 'react';
import { useTranslate } from 'react-admin';
import { useController, useFormContext, useWatch } from 'react-hook-form';
import { MAX_UPLOAD_BYTES } from '../../../../domain/constants';
import { MAX_ITEM_CARDS, parseNamesList, type OrderItem } from '../../../../domain/orders';
import { fileText } from '../../../components/fileReading';
import { useFormat } from '../../../i18n/formatMoney';
import { FormTextField } from '../../../components/FormTextField';
import { FileChooser } from './FileChooser';
import { WIZARD_MESSAGES, type DigitalMode, type ItemFormValues, type NamesCheck } from './itemForm';
import { ScrollRegion } from '../../../components/ScrollRegion';

const PREVIEW_ROWS = 5;

/** The recipients the browser read from the names list: how many cards it makes and the first rows. */
function NamesPreview({ check }: { check: NamesCheck | null }) {
  const translate = useTranslate();
  if (!check?.ok) return null;
  const rows = check.recipients.slice(0, PREVIEW_ROWS);
  return (
    <Box component="section" aria-labelledby="names-preview-title">
      <Typography id="names-preview-title" variant="subtitle2" component="h3" data-testid="names-count">
        {translate('orderWizard.names.count', { smart_count: check.recipients.length })}
      </Typography>
      <ScrollRegion labelledBy="names-preview-title">
      <Table size="small" aria-labelledby="names-preview-title">
        <TableHead>
          <TableRow>
            <TableCell>{translate('orderWizard.names.name')}</TableCell>
            <TableCell>{translate('orderWizard.names.email')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((recipient, index) => (
            <TableRow key={index}>
              <TableCell>{[recipient.firstName, recipient.lastName].filter(Boolean).join(' ') || '—'}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{recipient.email}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      </ScrollRegion>
      {check.recipients.length > PREVIEW_ROWS && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {translate('orderWizard.names.more', { smart_count: check.recipients.length - PREVIEW_ROWS })}
        </Typography>
      )}
    </Box>
  );
}

/**
 * Digital cards: a quantity (with an optional JPG/PNG template image) or a names list CSV, one
 * card per recipient, read and checked in the browser before it is sent.
 */
export function DigitalInputs({ item }: { item?: OrderItem }) {
  const translate = useTranslate();
  const format = useFormat();
  const maxFileSize = format.fileSize(MAX_UPLOAD_BYTES);
  const labelId = useId();
  const { control, setValue, trigger } = useFormContext<ItemFormValues>();
  const { field: mode } = useController({ control, name: 'digitalMode' });
  const check = useWatch({ control, name: 'namesCheck' });

  const readNames = async (file: File | null) => {
    setValue('namesCheck', null);
    if (!file) return;
    let result: NamesCheck;
    try {
      result = parseNamesList(await fileText(file));
    } catch {
      result = { ok: false, line: 0 };
    }
    setValue('namesCheck', result, { shouldDirty: true });
    // the list's rows decide the names-list field's error
    await trigger('namesList');
  };
  const namesError = (key: string) => (key === WIZARD_MESSAGES.namesListLine && check && !check.ok ? translate(key, { line: check.line }) : translate(key));

  return (
    <>
      <FormControl sx={{ mt: 1 }}>
        <FormLabel id={labelId}>{translate('orderWizard.customize.digitalMode')}</FormLabel>
        <RadioGroup aria-labelledby={labelId} value={mode.value} onChange={(event) => mode.onChange(event.target.value as DigitalMode)}>
          <FormControlLabel value="quantity" control={<Radio />} label={translate('orderWizard.customize.modeQuantity')} />
          <FormControlLabel value="namesList" control={<Radio />} label={translate('orderWizard.customize.modeNamesList')} />
        </RadioGroup>
      </FormControl>
      {mode.value === 'quantity' ? (
        <>
          <FormTextField name="quantity" label={translate('orderWizard.customize.quantity')} helperText={translate('orderWizard.customize.quantityHelp', { max: MAX_ITEM_CARDS, smart_count: MAX_ITEM_CARDS })} required autoComplete="off" slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
          <FileChooser
            name="template"
            label={translate('orderWizard.files.chooseTemplate')}
            accept=".jpg,.jpeg,.png,image/jpeg,image/png"
            help={translate('orderWizard.files.templateHelp', { max: maxFileSize })}
            current={item?.templateName}
            dropCurrent="dropTemplate"
          />
        </>
      ) : (
        <>
          <FileChooser
            name="namesList"
            label={translate('orderWizard.files.chooseNamesList')}
            accept=".csv,text/csv"
            help={translate('orderWizard.files.namesListHelp', { max: maxFileSize, rows: MAX_ITEM_CARDS, smart_count: MAX_ITEM_CARDS })}
            current={item?.namesListName ? translate('orderWizard.files.savedList', { name: item.namesListName, smart_count: item.recipients }) : null}
            errorText={namesError}
            onChosen={(file) => void readNames(file)}
          />
          <NamesPreview check={check} />
        </>
      )}
    </>
  );
}

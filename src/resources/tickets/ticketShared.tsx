import AttachFileIcon from '@mui/icons-material/AttachFile';
import CloseIcon from '@mui/icons-material/Close';
import { Box, Chip, FormHelperText, Typography } from '@mui/material';
import { useCallback, useId, useState } from 'react';
import { useCanAccess, useDataProvider, useLocaleState, useTranslate, type Identifier } from 'react-admin';
import { TICKET_ATTACHMENT_ACCEPT, TICKET_ATTACHMENT_LABEL, TICKET_LIMITS, TICKET_PRIORITY_TONES, TICKET_STATUS_TONES, localized, ticketFileRefusal, ticketPriorityKey, ticketStatusKey, type LocalizedText, type TicketFile, type TicketPriority, type TicketStatus } from '../../../domain/tickets';
import { FilePickButton } from '../../components/FilePickButton';
import { fileToUpload } from '../../components/fileReading';
import { useFormat } from '../../i18n/formatMoney';
import { saveBlob } from '../../components/saveBlob';
import { StatusBadge } from '../../components/StatusBadge';
import { useBusyRun } from '../../components/useBusyRun';
import type { TesseraDataProvider } from '../../dataProvider/types';

export const TICKETS = 'tickets';
export const CATEGORIES = 'tickets/categories';
/** The categories' choices by name (the API sorts by the Italian one; it refuses react-admin's default `id`). */
export const CATEGORY_NAME_SORT = { field: 'name', order: 'ASC' } as const;

/** A text of the categories' definitions (names, labels, help) in the user's language (domain `localized`: else English, Italian for Italian readers). */
export function useLocalized() {
  const [locale] = useLocaleState();
  return useCallback((text: LocalizedText | undefined | null) => (text ? localized(text, locale) : ''), [locale]);
}

/**
 * What the access table (domain/access.ts) lets the user do with tickets beyond a ticket's own
 * `actions`: setting a status, restoring a deleted ticket and the internal fields are provider
 * staff's entries.
 */
export function useTicketRight(action: 'status' | 'restore' | 'internal'): boolean {
  return useCanAccess({ resource: TICKETS, action }).canAccess === true;
}

/** May the user write categories: the access table's entry (provider staff's). */
export function useCanWriteCategories(action: 'create' | 'edit'): boolean {
  return useCanAccess({ resource: CATEGORIES, action }).canAccess === true;
}

export function TicketStatusBadge({ status }: { status: TicketStatus }) {
  const translate = useTranslate();
  return <StatusBadge status={status} tone={TICKET_STATUS_TONES[status]} label={translate(ticketStatusKey(status))} />;
}

export function TicketPriorityBadge({ priority }: { priority: TicketPriority }) {
  const translate = useTranslate();
  return <StatusBadge status={priority} tone={TICKET_PRIORITY_TONES[priority]} label={translate(ticketPriorityKey(priority))} />;
}

/** The formats and the size limit, shown before a file is picked (SPEC §5). */
export function useAttachmentRule(): string {
  const translate = useTranslate();
  const format = useFormat();
  return translate('tickets.files.rule', { types: TICKET_ATTACHMENT_LABEL, size: format.fileSize(TICKET_LIMITS.fileBytes) });
}

/**
 * A picked file as SPEC §3's `{ type, name, content }`, or the message key of why it is refused
 * (type by extension and declared type, 5 MB), checked before anything is read or sent.
 */
export async function readTicketFile(file: File): Promise<{ file: TicketFile } | { refused: string }> {
  const refused = ticketFileRefusal(file);
  if (refused) return { refused };
  return { file: await fileToUpload(file) };
}

/**
 * Picking one file: checked (`readTicketFile`) and read, then handed to `accept`; a refused file
 * never reaches the form, its reason is `refused` until the next good pick. `reading` while read.
 */
export function useTicketFilePick(accept: (file: TicketFile) => void) {
  const [refused, setRefused] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const pick = async (file: File) => {
    setReading(true);
    try {
      const read = await readTicketFile(file);
      if ('refused' in read) setRefused(read.refused);
      else {
        setRefused(null);
        accept(read.file);
      }
    } finally {
      setReading(false);
    }
  };
  return { refused, reading, pick };
}

/**
 * Extra attachments of a ticket or a message: the picked files as chips (each removable), a
 * button to add one, the rules under it (formats, size and how many files one send takes, said
 * before the first pick: issue 43), how many are chosen against the limit ("2 di 5 file"), and why
 * a file was refused. At most `max` files; `per` says whether the count's rule is a message's or a
 * whole ticket's (the category's file fields included: `others` files chosen there count too).
 */
export function AttachmentsInput({
  value,
  onChange,
  max = TICKET_LIMITS.filesPerPost,
  label,
  per = 'message',
  others = 0,
}: {
  value: TicketFile[];
  onChange: (files: TicketFile[]) => void;
  max?: number;
  label?: string;
  per?: 'message' | 'ticket';
  /** files chosen elsewhere in the same send (a ticket's file fields), counted against `max` */
  others?: number;
}) {
  const translate = useTranslate();
  const files = TICKET_LIMITS.filesPerPost;
  const countRule = per === 'ticket' ? translate('tickets.files.maxPerTicket', { max: files, smart_count: files }) : translate('tickets.files.maxPerMessage', { max: files, smart_count: files });
  const rule = `${useAttachmentRule()} ${countRule}`;
  const ruleId = useId();
  const { refused, reading, pick } = useTicketFilePick((file) => onChange([...value, file]));
  const chosen = value.length + others;
  return (
    <Box sx={{ my: 1 }}>
      {value.length > 0 && (
        <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0, mb: 1 }} aria-label={translate('tickets.files.chosen')}>
          {value.map((file, index) => (
            <li key={`${file.name}-${index}`}>
              <Chip
                icon={<AttachFileIcon />}
                label={file.name}
                onDelete={() => onChange(value.filter((_, at) => at !== index))}
                deleteIcon={<CloseIcon aria-label={translate('tickets.files.remove', { name: file.name })} />}
              />
            </li>
          ))}
        </Box>
      )}
      {chosen < max && <FilePickButton label={label ?? translate('tickets.files.add')} accept={TICKET_ATTACHMENT_ACCEPT} busy={reading} icon={<AttachFileIcon />} testId="ticket-attachment-input" onFile={(file) => void pick(file)} />}
      <Typography id={ruleId} variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {rule}
      </Typography>
      <Typography variant="body2" color="text.secondary" data-testid="ticket-attachment-count" aria-live="polite">
        {translate('tickets.files.count', { chosen, max, smart_count: max })}
      </Typography>
      {refused && (
        <FormHelperText error role="alert">
          {translate(refused)}
        </FormHelperText>
      )}
    </Box>
  );
}

/** A stored attachment as a button: the dataProvider fetches it and the browser saves it under its name. */
export function AttachmentButton({ ticketId, attachment }: { ticketId: Identifier; attachment: { id: string; name: string; size?: number } }) {
  const translate = useTranslate();
  const format = useFormat();
  const dataProvider = useDataProvider<TesseraDataProvider>();
  const { busy, run } = useBusyRun();
  const download = () =>
    run(
      async () => {
        saveBlob(await dataProvider.downloadTicketAttachment(ticketId, attachment.id), attachment.name);
      },
      { failure: 'messages.operationFailed' },
    );
  return (
    <Chip
      icon={<AttachFileIcon />}
      label={attachment.size !== undefined ? `${attachment.name} (${format.fileSize(attachment.size)})` : attachment.name}
      onClick={() => void download()}
      disabled={busy !== null}
      aria-label={translate('tickets.files.download', { name: attachment.name })}
      variant="outlined"
      clickable
    />
  );
}

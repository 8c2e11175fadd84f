import MailOutlineIcon from '@mui/icons-material/MailOutline';
import { Badge, Box, Button, Divider, Drawer, IconButton, Link, List, ListItem, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../i18n/dates';
import type { DemoApi } from './host/connection';
import type { SentMail } from './host/protocol';

/**
 * The demo's outbox made visible: the e-mails the server's mail job sent (activation, password
 * reset, order confirmation, reload notifications), read where a real user would read their
 * inbox. A button in the corner opens them; its badge counts them.
 */
/** The e-mail's text with its links clickable: they open the demo's own screens (activation, password reset). */
function withLinks(text: string, onFollow: () => void) {
  return text.split(/(https?:\/\/\S+)/).map((part, index) =>
    index % 2 === 1 ? (
      <Link key={index} href={part} onClick={onFollow}>
        {part}
      </Link>
    ) : (
      part
    ),
  );
}

export function MailPanel({ api }: { api: DemoApi }) {
  // beside the App, outside react-admin's i18n context: i18next's own hook, same texts and language
  const { t: translate } = useTranslation();
  const [mails, setMails] = useState<SentMail[]>([]);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    let live = true;
    void api.mails().then((found) => live && setMails(found));
    const stop = api.onMail((mail) => setMails((current) => [mail, ...current]));
    return () => {
      live = false;
      stop();
    };
  }, [api]);
  return (
    <>
      <Box sx={{ position: 'fixed', left: 12, bottom: 12, zIndex: (theme) => theme.zIndex.speedDial }}>
        <Badge badgeContent={mails.length} color="primary" max={99}>
          <Button variant="contained" color="inherit" size="small" startIcon={<MailOutlineIcon />} onClick={() => setOpen(true)} sx={{ bgcolor: '#fff4cc', color: '#6d4c00' }}>
            {translate('demo.mails.open')}
          </Button>
        </Badge>
      </Box>
      <Drawer anchor="right" open={open} onClose={() => setOpen(false)} slotProps={{ paper: { sx: { width: { xs: '100%', sm: 480 } }, role: 'dialog', 'aria-label': translate('demo.mails.title') } as object }}>
        <Box sx={{ display: 'flex', alignItems: 'center', p: 2, gap: 1 }}>
          <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
            {translate('demo.mails.title')}
          </Typography>
          <IconButton aria-label={translate('demo.mails.close')} onClick={() => setOpen(false)}>
            <CloseIcon />
          </IconButton>
        </Box>
        <Divider />
        {mails.length === 0 ? (
          <Typography sx={{ p: 2 }} color="text.secondary">
            {translate('demo.mails.empty')}
          </Typography>
        ) : (
          <List>
            {mails.map((mail, index) => (
              <ListItem key={`${mail.sentAt}-${index}`} divider sx={{ display: 'block' }}>
                <Typography variant="subtitle2" component="h3">
                  {mail.subject}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {translate('demo.mails.to')}: {mail.to} · {translate('demo.mails.sentAt')}: {formatDateTime(mail.sentAt)}
                </Typography>
                <Typography variant="body2" component="pre" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontFamily: 'inherit', mt: 1 }}>
                  {withLinks(mail.text, () => setOpen(false))}
                </Typography>
              </ListItem>
            ))}
          </List>
        )}
      </Drawer>
    </>
  );
}

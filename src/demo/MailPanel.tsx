import MailOutlineIcon from '@mui/icons-material/MailOutline';
import { Badge, Box, Button, Divider, Drawer, GlobalStyles, IconButton, Link, List, ListItem, Typography, useMediaQuery } from '@mui/material';
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
 *
 * The button floats in the bottom-right corner (issue 42): the bottom-left one covered the side
 * menu's last entries, which could not be scrolled out from under it. On the right it is away
 * from the menu (a column on a desktop, a drawer over everything on a phone, where the button is
 * its icon alone), and the signed-in pages keep an empty strip at their end as tall as the button
 * and its margin (RESERVED), so the last things of a page (a list's pagination, a form's actions)
 * always scroll clear of it.
 */
/** The button's corner margin and the strip the pages keep free for it at their end, px. */
const MARGIN = 16;
const RESERVED = 72;
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
  // a phone gets the icon alone (the name stays, as aria-label): a small round corner
  const wide = useMediaQuery('(min-width:600px)', { noSsr: true });
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
      {/* the id outweighs react-admin's own (two-class) rule for the content's padding */}
      <GlobalStyles styles={{ '#root .RaLayout-content': { paddingBottom: RESERVED } }} />
      <Box sx={{ position: 'fixed', right: MARGIN, bottom: MARGIN, zIndex: (theme) => theme.zIndex.speedDial }}>
        <Badge badgeContent={mails.length} color="primary" max={99}>
          <Button
            variant="contained"
            color="inherit"
            size={wide ? 'small' : 'medium'}
            startIcon={wide ? <MailOutlineIcon /> : undefined}
            aria-label={translate('demo.mails.open')}
            onClick={() => setOpen(true)}
            sx={{ bgcolor: '#fff4cc', color: '#6d4c00', ...(wide ? {} : { minWidth: 0, width: 48, height: 48, borderRadius: '50%', p: 0 }) }}
          >
            {wide ? translate('demo.mails.open') : <MailOutlineIcon />}
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

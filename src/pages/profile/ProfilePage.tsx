import { Box, Paper, Tab, Tabs } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { PageHeading } from '../PageHeading';
import { LanguageTab } from './LanguageTab';
import { PersonalInfoTab } from './PersonalInfoTab';

const TABS = ['personal', 'language'] as const;

/** /profile: personal information (read-only for now) and the language choice. */
export default function ProfilePage() {
  const translate = useTranslate();
  const [tab, setTab] = useState<(typeof TABS)[number]>('personal');
  return (
    <Box sx={{ maxWidth: 880 }}>
      <PageHeading title={translate('profile.title')} />
      <Paper variant="outlined">
        <Tabs value={tab} onChange={(_, value: (typeof TABS)[number]) => setTab(value)} sx={{ borderBottom: 1, borderColor: 'divider', px: 2 }}>
          {TABS.map((key) => (
            <Tab key={key} value={key} label={translate(`profile.tabs.${key}`)} id={`profile-tab-${key}`} aria-controls={`profile-panel-${key}`} />
          ))}
        </Tabs>
        <Box role="tabpanel" id={`profile-panel-${tab}`} aria-labelledby={`profile-tab-${tab}`} sx={{ p: 3 }}>
          {tab === 'personal' ? <PersonalInfoTab /> : <LanguageTab />}
        </Box>
      </Paper>
    </Box>
  );
}

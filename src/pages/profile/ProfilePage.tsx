import { Box, Paper, Tab, Tabs } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { PageHeading } from '../../components/PageHeading';
import { LanguageTab } from './LanguageTab';
import { PersonalInfoTab } from './PersonalInfoTab';

const TABS = ['personal', 'language'] as const;

type ProfileTab = (typeof TABS)[number];

/**
 * /profile: personal information (an editable form) and the language choice (kept on the server too). The tab lives in
 * the URL: a language change re-mounts the whole page (react-admin re-renders on locale change).
 */
export default function ProfilePage() {
  const translate = useTranslate();
  const [params, setParams] = useSearchParams();
  const tab: ProfileTab = params.get('tab') === 'language' ? 'language' : 'personal';
  const setTab = (value: ProfileTab) => setParams(value === 'personal' ? {} : { tab: value }, { replace: true });
  return (
    <Box sx={{ maxWidth: 880 }}>
      <PageHeading title={translate('profile.title')} />
      <Paper variant="outlined">
        <Tabs value={tab} onChange={(_, value: ProfileTab) => setTab(value)} sx={{ borderBottom: 1, borderColor: 'divider', px: 2 }}>
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

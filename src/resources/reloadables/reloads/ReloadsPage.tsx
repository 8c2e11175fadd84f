import { Box, Tab, Tabs, Typography } from '@mui/material';
import { useCallback, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { PageHeading } from '../../../components/PageHeading';
import { CsvTab } from './CsvTab';
import { ManualTab } from './ManualTab';

type Mode = 'manual' | 'csv';
const MODES: Mode[] = ['manual', 'csv'];

/**
 * /reloadables/reloads (SPEC §2): reload cards picked by hand or listed in a CSV, now or at a
 * date and time. Changing tab with data entered asks first, then discards it (the other tab
 * starts empty: each tab's data lives in the tab, which is unmounted).
 */
export default function ReloadsPage() {
  const translate = useTranslate();
  const [mode, setMode] = useState<Mode>('manual');
  const [asking, setAsking] = useState<Mode | null>(null);
  const dirty = useRef(false);
  const onDirtyChange = useCallback((value: boolean) => {
    dirty.current = value;
  }, []);
  const go = (next: Mode) => {
    dirty.current = false;
    setMode(next);
  };
  return (
    <Box sx={{ maxWidth: 1100 }}>
      <PageHeading title={translate('screens.reloads')} />
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate('reloads.intro')}
      </Typography>
      <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Tabs
          value={mode}
          onChange={(_event, next: Mode) => (next === mode ? undefined : dirty.current ? setAsking(next) : go(next))}
          aria-label={translate('reloads.tabs.label')}
          variant="scrollable"
          allowScrollButtonsMobile
        >
          {MODES.map((value) => (
            <Tab key={value} value={value} label={translate(`reloads.tabs.${value}`)} id={`reloads-tab-${value}`} aria-controls={`reloads-panel-${value}`} />
          ))}
        </Tabs>
      </Box>
      <Box role="tabpanel" id={`reloads-panel-${mode}`} aria-labelledby={`reloads-tab-${mode}`} sx={{ pt: 2 }}>
        {mode === 'manual' ? <ManualTab key="manual" onDirtyChange={onDirtyChange} /> : <CsvTab key="csv" onDirtyChange={onDirtyChange} />}
      </Box>
      {asking && (
        <ConfirmDialog
          open
          title={translate('reloads.switchTab.title')}
          confirmLabel={translate('reloads.switchTab.confirm')}
          onConfirm={() => {
            go(asking);
            setAsking(null);
          }}
          onClose={() => setAsking(null)}
        >
          {translate('reloads.switchTab.text')}
        </ConfirmDialog>
      )}
    </Box>
  );
}

import { Box, Tab, Tabs } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { PageHeading } from '../../components/PageHeading';
import { OperatorList } from '../operators/OperatorList';
import { CompanyList } from './CompanyList';

/**
 * /privative-orders/companies/list: the registry with its two tabs (SPEC §2). The tab lives in
 * the URL (?tab=operators), so reloads, links and language changes keep it.
 */
export default function CompanyRegistry() {
  const translate = useTranslate();
  const [search, setSearch] = useSearchParams();
  const tab = search.get('tab') === 'operators' ? 'operators' : 'companies';
  return (
    <Box>
      <PageHeading title={translate('screens.companyList')} />
      <Tabs value={tab} onChange={(_event, value: string) => setSearch(value === 'operators' ? { tab: value } : {}, { replace: true })} sx={{ mb: 2 }}>
        <Tab value="companies" label={translate('companies.tabs.companies')} />
        <Tab value="operators" label={translate('companies.tabs.operators')} />
      </Tabs>
      {tab === 'companies' ? <CompanyList /> : <OperatorList />}
    </Box>
  );
}

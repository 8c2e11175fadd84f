import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useCanAccess, useDataProvider, useLocaleState } from 'react-admin';
import { REPORT_TYPE_DEFINITIONS } from '../../../domain/reports';
import { exportLanguageOf } from '../../components/csvDownload';
import type { TesseraDataProvider } from '../../dataProvider/types';
import { REPORT_TYPES_RESOURCE } from './reportDefaults';

/**
 * The types the API offers the user — those whose data they may read (domain/reports.ts
 * canReadReportType, decided by the server) — in the order of REPORT_TYPE_DEFINITIONS. The
 * generate dialog and the list's type filter both offer these and nothing of their own. Asked only
 * of a session that may list them (the `report/types` entry).
 */
export function useOfferedReportTypes() {
  const dataProvider = useDataProvider<TesseraDataProvider>();
  const [locale] = useLocaleState();
  const language = exportLanguageOf(locale);
  const { canAccess } = useCanAccess({ resource: REPORT_TYPES_RESOURCE, action: 'list' });
  const query = useQuery({ queryKey: [REPORT_TYPES_RESOURCE, 'all', language], queryFn: ({ signal }) => dataProvider.reportTypes(language, signal), enabled: canAccess === true });
  const offered = useMemo(() => new Set((query.data ?? []).map((type) => type.id)), [query.data]);
  return { ...query, types: REPORT_TYPE_DEFINITIONS.filter((definition) => offered.has(definition.id)) };
}

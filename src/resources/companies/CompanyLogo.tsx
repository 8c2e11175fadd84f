import { Box, Button, CircularProgress, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useCanAccess, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { LOGO_TYPES, MAX_LOGO_BYTES } from '../../../domain/schemas/company';
import type { CompanyRecord } from '../../../domain/schemas/companies-api';
import { useFormat } from '../../i18n/formatMoney';
import { useBusyRun } from '../../components/useBusyRun';
import type { TesseraDataProvider } from '../../dataProvider/types';
import { COMPANIES } from '../../components/companies/useScopeCompanies';

/** The logo needs the bearer token, so it is fetched as a blob and shown from an object URL. */
function useLogoUrl(company: CompanyRecord): string | null {
  const dataProvider = useDataProvider<TesseraDataProvider>();
  const { data } = useQuery({
    queryKey: [COMPANIES, 'logo', company.id, company.updatedAt],
    queryFn: ({ signal }) => dataProvider.companyLogo(company.id, signal),
    enabled: company.hasLogo,
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!data) return undefined;
    const objectUrl = URL.createObjectURL(data);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [data]);
  return company.hasLogo ? url : null;
}

/** Company logo with its change button (for who may change it) (SPEC §5: JPEG or PNG, at most 5 MB; the server checks the bytes too). */
export function CompanyLogo({ company }: { company: CompanyRecord }) {
  const translate = useTranslate();
  const notify = useNotify();
  const format = useFormat();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<TesseraDataProvider>();
  const { canAccess: canChange } = useCanAccess({ resource: COMPANIES, action: 'logo', record: company });
  const input = useRef<HTMLInputElement>(null);
  const { busy, run } = useBusyRun();
  const url = useLogoUrl(company);

  const upload = async (file: File) => {
    if (!(LOGO_TYPES as readonly string[]).includes(file.type) || file.size > MAX_LOGO_BYTES) notify('companies.logo.invalid', { type: 'error', messageArgs: { max: format.fileSize(MAX_LOGO_BYTES) } });
    else if (await run(() => dataProvider.uploadCompanyLogo(company.id, file), { done: 'companies.messages.logoUpdated' })) await queryClient.invalidateQueries({ queryKey: [COMPANIES] });
  };

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
      <Box
        sx={{ width: 160, height: 96, border: 1, borderColor: 'divider', borderRadius: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'grey.50' }}
      >
        {url ? (
          <Box component="img" src={url} alt={translate('companies.logo.alt', { name: company.companyName })} sx={{ maxWidth: '100%', maxHeight: '100%' }} />
        ) : (
          <Typography variant="body2" color="text.secondary">
            {translate('companies.logo.none')}
          </Typography>
        )}
      </Box>
      {canChange && (
      <Box>
        <input
          ref={input}
          type="file"
          hidden
          accept={LOGO_TYPES.join(',')}
          data-testid="logo-input"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void upload(file);
          }}
        />
        <Button variant="outlined" onClick={() => input.current?.click()} disabled={busy !== null} startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}>
          {translate(company.hasLogo ? 'companies.logo.change' : 'companies.logo.add')}
        </Button>
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
          {translate('companies.logo.hint', { max: format.fileSize(MAX_LOGO_BYTES) })}
        </Typography>
      </Box>
      )}
    </Box>
  );
}

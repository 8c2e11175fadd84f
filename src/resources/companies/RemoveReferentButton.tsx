import { useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import type { CompanyRecord } from '../../../domain/schemas/companies-api';
import { ConfirmActionButton } from '../../components/ConfirmActionButton';
import type { TesseraDataProvider } from '../../dataProvider/types';
import { COMPANIES } from '../../components/companies/useScopeCompanies';

/**
 * Removes the company's referent (`DELETE …/companies/{id}/referent`, the way out of "still has
 * users" when the referent is the last one). Says what happens before it does it: a referent who
 * never activated is deleted with the activation link; an active one is disabled and signed out
 * at once, and stays in the history. Offered only where the referent's record says so (`actions`
 * has `remove`: not one's own account, not a referent holding permissions the caller lacks).
 */
export function RemoveReferentButton({ company }: { company: CompanyRecord }) {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<TesseraDataProvider>();
  const referent = company.referent;
  if (!referent?.actions.includes('remove')) return null;
  return (
    <ConfirmActionButton
      label="companies.referent.remove"
      title={translate('companies.referent.removeTitle')}
      button={{ color: 'error', variant: 'outlined' }}
      confirmColor="error"
      run={() => dataProvider.removeCompanyReferent(company.id)}
      done="companies.messages.referentRemoved"
      onDone={() => void queryClient.invalidateQueries({ queryKey: [COMPANIES] })}
    >
      {translate(referent.status === 'PENDING_ACTIVATION' ? 'companies.referent.removePending' : 'companies.referent.removeActive', { name: `${referent.firstName} ${referent.lastName}` })}
    </ConfirmActionButton>
  );
}

import { Alert, Box, Button, CircularProgress, DialogContent, DialogTitle } from '@mui/material';
import { useState } from 'react';
import { CreateBase, EditBase, type Identifier, useDelete, useGetIdentity, useNotify, useRecordContext, useTranslate } from 'react-admin';
import { operatorFields } from '../../../domain/schemas/operator';
import type { OperatorRecord } from '../../../domain/schemas/companies-api';
import { ModalDialog } from '../../components/ModalDialog';
import { useBusyRun } from '../../components/useBusyRun';
import { SchemaForm, SchemaInputs, SchemaShowFields } from '../../components/schema';
import { ScopeCompanyInput } from '../../components/companies/ScopeCompanyInput';
import { OutOfScopeNote } from '../users/NotGrantableList';

export const OPERATORS = operatorFields.resource!;
const companyInput = operatorFields.inputs.find((field) => field.source === 'companyId')!;

/**
 * Disabling (the API's delete) ends the operator's sessions at once, so it asks first. Offered
 * only where the record says so (`actions` has `delete`: not a disabled operator, not one's own
 * account, not one holding a flag the caller lacks).
 */
function DisableOperator({ onDone }: { onDone: () => void }) {
  const translate = useTranslate();
  const operator = useRecordContext<OperatorRecord>();
  const [asking, setAsking] = useState(false);
  const [disable] = useDelete<OperatorRecord>();
  const { busy, run } = useBusyRun();
  if (!operator?.actions.includes('delete')) return null;
  const confirm = async () => {
    if (await run(() => disable(OPERATORS, { id: operator.id, previousData: operator }, { mutationMode: 'pessimistic', returnPromise: true }), { done: 'companies.messages.operatorDisabled' })) onDone();
  };
  return asking ? (
    <Alert
      severity="warning"
      sx={{ mr: 'auto' }}
      action={
        <Button color="error" onClick={() => void confirm()} disabled={busy !== null}>
          {translate('companies.operators.disable')}
        </Button>
      }
    >
      {translate('companies.operators.disableQuestion')}
    </Alert>
  ) : (
    <Button color="error" onClick={() => setAsking(true)} sx={{ mr: 'auto' }}>
      {translate('companies.operators.disable')}
    </Button>
  );
}

function OperatorForm({ onClose, defaultCompanyId }: { onClose: () => void; defaultCompanyId?: string }) {
  const translate = useTranslate();
  const operator = useRecordContext<OperatorRecord>();
  return (
    <SchemaForm
      fields={operatorFields}
      defaultValues={defaultCompanyId ? { companyId: defaultCompanyId } : undefined}
      actions={
        <>
          {operator && <DisableOperator onDone={onClose} />}
          <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        </>
      }
    >
      {!operator && <Alert severity="info">{translate('companies.operators.activationHint')}</Alert>}
      <SchemaInputs fields={operatorFields} overrides={{ companyId: <ScopeCompanyInput field={companyInput} /> }} />
    </SchemaForm>
  );
}

/**
 * An operator the record does not let the caller edit (`actions` lacks `edit`): the data read-only,
 * and why when they hold permissions the caller does not (`outOfScope`, issue 37).
 */
function OperatorReadOnly({ operator, onClose }: { operator: OperatorRecord; onClose: () => void }) {
  const translate = useTranslate();
  return (
    <>
      {operator.outOfScope.length > 0 && <OutOfScopeNote keys={operator.outOfScope} />}
      <SchemaShowFields fields={operatorFields} />
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', alignItems: 'center', mt: 3 }}>
        <DisableOperator onDone={onClose} />
        <Button onClick={onClose}>{translate('ra.action.close')}</Button>
      </Box>
    </>
  );
}

/** The edited operator: the form, or the read-only view when its record offers no edit. */
function OperatorEditBody({ onClose }: { onClose: () => void }) {
  const operator = useRecordContext<OperatorRecord>();
  return operator && !operator.actions.includes('edit') ? <OperatorReadOnly operator={operator} onClose={onClose} /> : <OperatorForm onClose={onClose} />;
}

/**
 * The operator form (SPEC §2) in the app's modal, on react-admin's controllers: create (a pending
 * user who receives an activation e-mail; the company is chosen once) or edit, where the
 * operator can also be disabled. Server field errors land on the fields through react-admin. The
 * record says what the caller may do (`actions`): an operator holding permissions the caller
 * lacks is shown read-only, with a note naming them.
 */
export function OperatorDialog({ operatorId, onClose }: { operatorId?: Identifier; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const { identity, isPending } = useGetIdentity();
  const saved = (message: string) => () => {
    notify(message, { type: 'success' });
    onClose();
  };
  return (
    <ModalDialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="operator-dialog-title">
      <DialogTitle id="operator-dialog-title">{translate(operatorId ? 'companies.operators.editTitle' : 'companies.operators.createTitle')}</DialogTitle>
      <DialogContent>
        {operatorId ? (
          <EditBase resource={OPERATORS} id={operatorId} mutationMode="pessimistic" redirect={false} mutationOptions={{ onSuccess: saved('companies.messages.operatorUpdated') }}>
            <OperatorEditBody onClose={onClose} />
          </EditBase>
        ) : isPending ? (
          <CircularProgress />
        ) : (
          <CreateBase resource={OPERATORS} redirect={false} mutationOptions={{ onSuccess: saved('companies.messages.operatorCreated') }}>
            <OperatorForm onClose={onClose} defaultCompanyId={identity?.companyId ? String(identity.companyId) : undefined} />
          </CreateBase>
        )}
      </DialogContent>
    </ModalDialog>
  );
}

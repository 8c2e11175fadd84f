import { Alert, Box, CircularProgress, Paper, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { Form, useDataProvider, useGetOne, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { useFormContext, type FieldValues } from 'react-hook-form';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router-dom';
import type { Typology } from '../../../../domain/giftcards';
import type { OrderDetail, OrderItem, ShippingType } from '../../../../domain/orders';
import { BackLink, RecordLoadError } from '../../../components/schema';
import { SubmitButton } from '../../../components/SubmitButton';
import { serverFieldErrors, useFormSubmit } from '../../../components/useFormSubmit';
import type { TesseraDataProvider } from '../../../dataProvider/types';
import { PageHeading } from '../../../components/PageHeading';
import { DigitalInputs } from './DigitalInputs';
import { DraftGate } from './DraftGate';
import { initialValues, itemResolver, serverErrorsOnForm, toItemBody, type ItemFormValues } from './itemForm';
import { ItemTotal, TypologySummary, ValueInput } from './ItemParts';
import { ORDERS, shippingTypeOf, wizardPaths } from './paths';
import { RangesInput } from './RangesInput';
import { useCompanyName } from './useCompanyName';
import { WizardPage } from './WizardPage';
import { rememberRunDraft, runDraft, useWizardRun } from './wizardRun';

type Mode = { kind: 'create'; type: ShippingType; companyId: string; run: string | undefined } | { kind: 'add'; order: OrderDetail } | { kind: 'edit'; order: OrderDetail; item: OrderItem };

const typeOf = (mode: Mode) => (mode.kind === 'create' ? mode.type : mode.order.shippingType);

/**
 * A first product refused after its draft was made: the step moves to the draft's own URL (so a
 * reload resumes the draft) with what was typed and the refusal, kept in the history entry.
 */
interface Resumed {
  values: ItemFormValues;
  errors: Record<string, string>;
}

function RestoreErrors({ errors }: { errors: Record<string, string> }) {
  const { setError } = useFormContext();
  useEffect(() => {
    // after the form's own mount effects, whose reset to the default values clears errors
    const timer = setTimeout(() => {
      for (const [name, message] of Object.entries(errors)) setError(name, { type: 'server', message });
    });
    return () => clearTimeout(timer);
  }, [errors, setError]);
  return null;
}

/** The item form for one typology: ranges (physical) or quantity/template/names list (digital), the value when it is variable. */
function ItemForm({ mode, typology }: { mode: Mode; typology: Typology }) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [locale] = useLocaleState();
  const dataProvider = useDataProvider<TesseraDataProvider>();
  const type = typeOf(mode);
  const item = mode.kind === 'edit' ? mode.item : undefined;
  // the draft this step made (a refused first product then moves the step to the draft's URL)
  const draft = useRef<string | null>(null);
  const location = useLocation();
  const resumed = mode.kind === 'add' ? ((location.state as { resumed?: Resumed } | null)?.resumed ?? null) : null;
  const defaultValues = useMemo(() => resumed?.values ?? initialValues(type, item, locale), [resumed, type, item, locale]);
  const resolver = useMemo(() => itemResolver(type, typology, item), [type, typology, item]);
  // the order's other products of this typology hold their ranges: the stock shows them as in the cart
  const otherRanges = useMemo(
    () => (mode.kind === 'create' ? [] : mode.order.items.filter((i) => i.typologyId === typology.id && i.id !== item?.id).flatMap((i) => i.ranges ?? [])),
    [mode, typology.id, item],
  );

  const submit = useFormSubmit<ItemFormValues>(
    useCallback(
      async (values) => {
        const body = await toItemBody(values, type, typology, item);
        let orderId: string;
        let itemId: string;
        if (mode.kind === 'create') {
          // one draft per pass through the first steps, however often this step is submitted or reached again
          let made = draft.current ?? runDraft(mode.run);
          if (!made) {
            made = (await dataProvider.createOrderDraft({ subCompanyId: mode.companyId, shippingType: type })).id;
            rememberRunDraft(mode.run, made);
            notify('success.orderCreated', { type: 'success' });
          }
          draft.current = made;
          orderId = made;
          try {
            itemId = String((await dataProvider.addOrderItem(orderId, body)).id);
          } catch (error) {
            const resume: Resumed = { values, errors: (serverErrorsOnForm(serverFieldErrors(error)) ?? {}) as Record<string, string> };
            navigate(wizardPaths.addItem(orderId, typology.id, type), { replace: true, state: { resumed: resume } });
            throw error;
          }
        } else if (mode.kind === 'add') {
          orderId = mode.order.id;
          itemId = String((await dataProvider.addOrderItem(orderId, body)).id);
          notify('success.itemAdded', { type: 'success' });
        } else {
          orderId = mode.order.id;
          itemId = mode.item.id;
          await dataProvider.editOrderItem(orderId, mode.item.id, body);
          notify('success.itemEdited', { type: 'success' });
        }
        await queryClient.invalidateQueries({ queryKey: [ORDERS] });
        // this history entry becomes the product just saved: Back from the summary opens it in its draft
        if (mode.kind !== 'edit') navigate(wizardPaths.item(orderId, itemId), { replace: true });
        navigate(wizardPaths.recap(orderId));
      },
      [dataProvider, item, mode, navigate, notify, queryClient, type, typology],
    ),
  );
  const onSubmit = useCallback(async (values: FieldValues) => serverErrorsOnForm(await submit(values)), [submit]);
  const submitLabel = mode.kind === 'edit' ? 'orderWizard.customize.save' : 'orderWizard.customize.add';

  return (
    <Paper variant="outlined" component="section" aria-labelledby="customize-title" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 760 }}>
      <Typography variant="h6" component="h2" id="customize-title" gutterBottom>
        {translate('orderWizard.customize.title', { name: typology.name })}
      </Typography>
      <TypologySummary typology={typology} />
      <Form defaultValues={defaultValues} resolver={resolver} mode="onChange" onSubmit={onSubmit} noValidate>
        <ValueInput typology={typology} />
        {type === 'DIGITAL' ? <DigitalInputs item={item} /> : <RangesInput typologyId={typology.id} otherRanges={otherRanges} />}
        <ItemTotal typology={typology} type={type} saved={item} />
        {resumed && <RestoreErrors errors={resumed.errors} />}
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
          <SubmitButton fullWidth={false} allowPristine={Boolean(resumed)}>
            {translate(submitLabel)}
          </SubmitButton>
        </Box>
      </Form>
    </Paper>
  );
}

/** Loads the typology (the catalog's rules for the value), then the form. */
function WithTypology({ id, children }: { id: string; children: (typology: Typology) => React.ReactNode }) {
  const translate = useTranslate();
  const { data, isPending, error, refetch } = useGetOne<Typology>('privative/typologies', { id });
  if (error) return <RecordLoadError error={error} refetch={refetch} title="orderWizard.customize.typologyNotFoundTitle" message="orderWizard.customize.typologyNotFound" heading={false} />;
  if (isPending || !data) return <CircularProgress aria-label={translate('ra.page.loading')} />;
  return <>{children(data)}</>;
}

function CreateCustomize({ type, companyId, typologyId }: { type: ShippingType; companyId: string; typologyId: string }) {
  const translate = useTranslate();
  const company = useCompanyName(companyId);
  const { run, state, draft } = useWizardRun();
  // this pass already made its draft (Back, reload): the product goes to that draft
  if (draft) return <Navigate to={wizardPaths.addItem(draft, typologyId, type)} replace />;
  return (
    <WizardPage
      title={translate('screens.orderCreate')}
      step="customize"
      links={{ company: wizardPaths.company(type), catalog: wizardPaths.catalog(type, companyId) }}
      linkState={state}
      back={{ to: wizardPaths.catalog(type, companyId), label: 'orderWizard.backToCatalog' }}
      about={{ shippingType: type, companyName: company }}
    >
      <WithTypology id={typologyId}>{(typology) => <ItemForm mode={{ kind: 'create', type, companyId, run }} typology={typology} />}</WithTypology>
    </WizardPage>
  );
}

function DraftCustomize({ order, typologyId, item, urlType }: { order: OrderDetail; typologyId: string; item?: OrderItem; urlType?: ShippingType | null }) {
  const translate = useTranslate();
  if (urlType !== undefined && urlType !== order.shippingType) return <Navigate to={wizardPaths.addItem(order.id, typologyId, order.shippingType)} replace />;
  return (
    <WizardPage
      title={translate(item ? 'screens.orderItem' : 'screens.orderAddItem')}
      step="customize"
      links={{ catalog: wizardPaths.addCatalog(order.id, order.shippingType) }}
      back={{ to: item ? wizardPaths.recap(order.id) : wizardPaths.addCatalog(order.id, order.shippingType), label: item ? 'orderWizard.backToSummary' : 'orderWizard.backToCatalog' }}
      about={order}
    >
      <WithTypology id={typologyId}>{(typology) => <ItemForm mode={item ? { kind: 'edit', order, item } : { kind: 'add', order }} typology={typology} />}</WithTypology>
    </WizardPage>
  );
}

/**
 * The customize step, for the first product (`create/{shippingType}/{subCompanyId}/{typologyId}`:
 * the draft is made when it is added), another one (`{id}/additem/{typologyId}/{type}`) or an
 * existing one (`{id}/{itemId}`, a variant).
 */
export default function CustomizeStep() {
  const params = useParams();
  const translate = useTranslate();
  if (params.id && params.itemId) {
    return (
      <DraftGate id={params.id} fallbackTitle={translate('screens.orderItem')}>
        {(order) => {
          const item = order.items.find((i) => i.id === params.itemId);
          if (!item) {
            return (
              <>
                <BackLink to={wizardPaths.recap(order.id)} label="orderWizard.backToSummary" />
                <PageHeading title={translate('screens.orderItem')} />
                <Alert severity="warning" role="alert">
                  {translate('orderWizard.customize.itemNotFound')}
                </Alert>
              </>
            );
          }
          return <DraftCustomize order={order} typologyId={item.typologyId} item={item} />;
        }}
      </DraftGate>
    );
  }
  if (params.id && params.typologyId) {
    const urlType = shippingTypeOf(params.type);
    return (
      <DraftGate id={params.id} fallbackTitle={translate('screens.orderAddItem')}>
        {(order) => <DraftCustomize order={order} typologyId={params.typologyId!} urlType={urlType} />}
      </DraftGate>
    );
  }
  const type = shippingTypeOf(params.shippingType);
  if (!type || !params.subCompanyId || !params.typologyId) return <Navigate to={wizardPaths.list()} replace />;
  return <CreateCustomize type={type} companyId={params.subCompanyId} typologyId={params.typologyId} />;
}

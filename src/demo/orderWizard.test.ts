import { beforeEach, describe, expect, it } from 'vitest';
import { byStockRunSize, type OrderDetail } from '../../domain/orders';
import { DEMO_PASSWORD } from './data';
import { freshDemo } from './testSupport';

type Demo = ReturnType<typeof freshDemo>;
const refusal = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    const e = error as { status: number; body: { error?: { message: string }; errors?: Record<string, string> } };
    return { status: e.status, code: e.body?.error?.message, errors: e.body?.errors };
  }
  throw new Error('expected a refusal');
};
const base64 = (text: string) => btoa(String.fromCharCode(...new TextEncoder().encode(text)));

describe('demo order wizard (the API rules of server/modules/orders, in memory)', () => {
  let demo: Demo;
  const company = (code: string) => demo.db.companies.find((c) => c.code === code)!;
  const typologyOf = (type: 'DIGITAL' | 'PHYSICAL', variable: boolean) => demo.db.typologies.find((t) => t.type === type && t.variableValue === variable)!;
  beforeEach(async () => {
    demo = freshDemo();
    await demo.authProvider.login({ email: 'operator@acme.test', password: DEMO_PASSWORD });
  });

  it('a digital draft for a sub-company: names list (one card per recipient), configuration, confirm → issued', async () => {
    const order = await demo.dataProvider.createOrderDraft({ subCompanyId: company('ACME-NORD').id, shippingType: 'DIGITAL' });
    expect(order).toMatchObject({ state: 'NEW', companyName: 'Acme Nord S.r.l.', items: [], validMonths: 1 });
    const typology = typologyOf('DIGITAL', true);
    expect(await refusal(demo.dataProvider.addOrderItem(order.id, { typologyId: typology.id, quantity: 3 }))).toEqual({ status: 400, code: 'VALIDATION_ERROR', errors: { valueCents: 'validation.required' } });
    const names = { type: 'text/csv', name: 'team.csv', content: base64('nome;cognome;email\nGiulia;Bianchi;g@example.com\nLuca;Ferrari;l@example.com\nSara;Colombo;s@example.com\n') };
    const item = await demo.dataProvider.addOrderItem(order.id, { typologyId: typology.id, valueCents: 2500, namesList: names });
    expect(item).toMatchObject({ quantity: 3, recipients: 3, priceCents: 7500, namesListName: 'team.csv' });
    expect(await refusal(demo.dataProvider.confirmOrder(order.id, 'k-1'))).toMatchObject({ status: 409, code: 'ORDER_INCOMPLETE' });
    await demo.dataProvider.configureOrder(order.id, { referentName: 'Oscar Operatore', referentEmail: 'operator@acme.test', validMonths: 12, companyOrderNumber: 'PO-1', sendEmailToCompanyContact: false, autoActivate: false, shippingAddress: null });
    expect((await demo.dataProvider.confirmOrder(order.id, 'k-2')).state).toBe('PENDING');
    let state = '';
    for (let i = 0; i < 6 && state !== 'COMPLETED'; i += 1) state = (await demo.dataProvider.getOne<OrderDetail>('privative-orders/orders', { id: order.id })).data.state;
    expect(state).toBe('COMPLETED');
  });

  it('an item edit without a new file keeps the saved names list or template, as the API does', async () => {
    const order = await demo.dataProvider.createOrderDraft({ subCompanyId: company('ACME').id, shippingType: 'DIGITAL' });
    const variable = typologyOf('DIGITAL', true);
    const names = { type: 'text/csv', name: 'team.csv', content: base64('email\na@example.com\nb@example.com\n') };
    const listed = await demo.dataProvider.addOrderItem(order.id, { typologyId: variable.id, valueCents: 2500, namesList: names });
    expect(await demo.dataProvider.editOrderItem(order.id, listed.id, { typologyId: variable.id, valueCents: 4000 })).toMatchObject({ quantity: 2, recipients: 2, priceCents: 8000, namesListName: 'team.csv' });
    const png = { type: 'image/png', name: 'front.png', content: btoa(String.fromCharCode(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13)) };
    const templated = await demo.dataProvider.addOrderItem(order.id, { typologyId: variable.id, valueCents: 2500, quantity: 2, template: png });
    expect(await demo.dataProvider.editOrderItem(order.id, templated.id, { typologyId: variable.id, valueCents: 2500, quantity: 6 })).toMatchObject({ quantity: 6, templateName: 'front.png' });
    expect(await demo.dataProvider.editOrderItem(order.id, templated.id, { typologyId: variable.id, valueCents: 2500, quantity: 6, template: null })).toMatchObject({ templateName: null });
  });

  it('physical ranges are drawn from the unsold stock; others are refused on the ranges', async () => {
    const order = await demo.dataProvider.createOrderDraft({ subCompanyId: company('ACME').id, shippingType: 'PHYSICAL' });
    const typology = demo.db.typologies.find((t) => t.type === 'PHYSICAL' && demo.db.cards.some((c) => c.typologyId === t.id && c.status === 'NOT_ACTIVE' && !c.orderReference))!;
    const runs = await demo.dataProvider.orderStock(typology.id);
    const [run, other] = runs;
    // largest first, as the API lists them
    expect(runs.every((r, i) => i === 0 || byStockRunSize(runs[i - 1], r) < 0)).toBe(true);
    expect(await refusal(demo.dataProvider.addOrderItem(order.id, { typologyId: typology.id, ranges: [{ from: run.from, to: run.to + 2 }] }))).toEqual({ status: 400, code: 'VALIDATION_ERROR', errors: { ranges: 'validation.orderRangeUnavailable' } });
    expect(await refusal(demo.dataProvider.addOrderItem(order.id, { typologyId: typology.id, ranges: [{ from: run.to + 1, to: run.to }] }))).toMatchObject({ errors: { 'ranges.0.to': 'validation.progressiveRange' } });
    const item = await demo.dataProvider.addOrderItem(order.id, { typologyId: typology.id, ranges: [{ from: run.from, to: run.to }] });
    expect(item.quantity).toBe(run.count);
    const both = [{ from: run.from, to: run.to }, { from: other.from, to: other.to }];
    const edited = await demo.dataProvider.editOrderItem(order.id, item.id, { typologyId: typology.id, quantity: run.count + other.count, ranges: both });
    expect(edited).toMatchObject({ id: item.id, quantity: run.count + other.count, ranges: both });
    expect((await demo.dataProvider.removeOrderItem(order.id, item.id)).items).toEqual([]);
    await demo.dataProvider.deleteOrderDraft(order.id);
    expect(await refusal(demo.dataProvider.getOne('privative-orders/orders', { id: order.id }))).toMatchObject({ status: 404 });
  });
});

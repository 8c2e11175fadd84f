import type { FastifyInstance } from 'fastify';
import { declaredFilter, filterTextSchema } from '../../../domain/fields';
import { operatorCreateSchema, operatorRecordSchema, operatorUpdateSchema } from '../../../domain/schemas/companies-api';
import type { AppContext } from '../../context';
import { operatorFields } from '../../../domain/schemas/operator';
import { companyCrudRoutes } from '../../lib/company-routes';
import { declaredOrder } from '../../lib/list-query';
import { malformedIdIsNotFound } from '../../lib/malformed-id';
import * as repo from './repository';
import * as service from './service';
import { apiRoute } from '../../../domain/resources';

/** The declared filters (operatorFields: the company, the status) and the search. */
const listFilter = declaredFilter(operatorFields, { q: filterTextSchema.optional() });

/** /api/company/{companyId}/operators: users of operator role in the subtree (privative.companies). */
export async function operatorRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  malformedIdIsNotFound(app);
  companyCrudRoutes(app, {
    resource: 'privative-orders/operators',
    root: apiRoute('privative-orders/operators'),
    tags: ['operators'],
    name: 'operators',
    record: operatorRecordSchema,
    list: {
      summary: 'Operators in the subtree of {companyId} (filter q, companyId, status)',
      filter: listFilter,
      ...declaredOrder(operatorFields, repo.OPERATOR_SORT_COLUMNS),
      run: (actor, q) => service.listOperators(ctx, actor, actor.companyId, q.filter, q.sort, q.offset, q.limit),
    },
    create: {
      summary: 'Create an operator (pending until activated through the e-mailed link)',
      body: operatorCreateSchema,
      run: (actor, body) => service.createOperator(ctx, actor, actor.companyId, body),
    },
    show: { summary: 'One operator', run: (actor, id) => service.getOperator(ctx, actor, actor.companyId, id) },
    edit: { summary: "Update an operator's contact data", body: operatorUpdateSchema, run: (actor, id, body) => service.updateOperator(ctx, actor, actor.companyId, id, body) },
    delete: { summary: 'Disable an operator (sessions end at once)', run: (actor, id) => service.disableOperator(ctx, actor, actor.companyId, id) },
  });
}

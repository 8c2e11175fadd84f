import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';

/** Placeholder for H2's communications routes (replaced at merge). */
export async function communicationRoutes(_app: FastifyInstance, _options: { ctx: AppContext }): Promise<void> {}

import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';

// scaffold: filled in by the issue-10 work on this file
export async function userRoutes(_app: FastifyInstance, _options: { ctx: AppContext }): Promise<void> {}

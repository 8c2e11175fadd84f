import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { ShiftableClock } from '../../lib/clock';
import { ApiError } from '../../lib/errors';

const bodySchema = z.object({ now: z.iso.datetime({ offset: true }) }).strict();

/**
 * POST /api/test/clock {now}: moves the business clock forward (never back) and wakes the job
 * runner, so a journey sees a planned reload run without waiting for its hour. Registered only
 * with TEST_CLOCK=1, which the config refuses in production; hence no authentication.
 */
export async function testClockRoutes(base: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/test/clock',
    {
      config: { public: true },
      schema: { tags: ['test'], summary: 'TEST_CLOCK=1 only: moves the business clock forward to `now` and wakes the job runner', body: bodySchema, response: { 200: z.object({ now: z.string() }) } },
    },
    async (request) => {
      if (!(ctx.clock instanceof ShiftableClock)) throw new ApiError(409, 'CONFLICT', 'The clock of this server cannot be moved');
      const now = ctx.clock.advanceTo(new Date(request.body.now));
      ctx.jobs.wake();
      return { now: now.toISOString() };
    },
  );
}

import type { AppContext } from '../../context';
import type { JobRegistry } from '../../jobs/registry';

/** Placeholder for H2's square.mail sender job (replaced at merge). */
export function registerSquareMailJob(_ctx: AppContext, _registry: JobRegistry): void {}

import type { AppContext } from '../../context';
import type { JobRegistry } from '../../jobs/registry';

// scaffold: filled in by the issue-10 work on this file
export function registerReloadJobs(_ctx: AppContext, _registry: JobRegistry): void {}

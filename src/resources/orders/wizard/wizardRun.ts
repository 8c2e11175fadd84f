import { useEffect, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

/**
 * One pass through the wizard's first steps (company, catalog, first product), before the draft
 * exists: its id rides in the history entries' state (`{ wizardRun }`), and the draft the pass
 * made is remembered for the tab (sessionStorage), so going back to one of those steps (the
 * browser's Back, a reload, a link of the step) returns into that draft instead of making a
 * second one. A new order from the list is a new pass.
 */
const STORAGE_KEY = 'tessera.orderWizard.drafts';

export interface WizardRunState {
  wizardRun?: string;
}

function read(): Record<string, string> {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}');
    return typeof value === 'object' && value !== null ? (value as Record<string, string>) : {};
  } catch {
    return {};
  }
}

function write(drafts: Record<string, string>): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(drafts));
  } catch {
    // storage full or refused: the URL still carries the draft from the first product on
  }
}

/** The draft a pass made, if any. */
export const runDraft = (run: string | undefined): string | null => (run ? (read()[run] ?? null) : null);

/** Remembers the draft a pass made. */
export function rememberRunDraft(run: string | undefined, draftId: string): void {
  if (run) write({ ...read(), [run]: draftId });
}

/** Forgets a deleted draft: going back to its pass's steps starts afresh. */
export function forgetDraft(draftId: string): void {
  write(Object.fromEntries(Object.entries(read()).filter(([, id]) => id !== draftId)));
}

const newRun = () => (typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`);

/**
 * The pass the current history entry belongs to (undefined for the first render of an entry
 * opened without one, which is then given a new pass in place), the state links to the pass's
 * other steps carry, and the draft the pass had made when the entry was opened (read once per
 * entry: the step that makes the draft moves on by itself).
 */
export function useWizardRun(): { run: string | undefined; state: WizardRunState; draft: string | null } {
  const location = useLocation();
  const navigate = useNavigate();
  const current = location.state as (WizardRunState & Record<string, unknown>) | null;
  const run = typeof current?.wizardRun === 'string' ? current.wizardRun : undefined;
  const draft = useMemo(() => runDraft(run), [run]);
  useEffect(() => {
    if (!run) void navigate({ pathname: location.pathname, search: location.search, hash: location.hash }, { replace: true, state: { ...(current ?? {}), wizardRun: newRun() } });
  }, [run, navigate, location.pathname, location.search, location.hash, current]);
  return { run, state: { wizardRun: run }, draft };
}

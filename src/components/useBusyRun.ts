import { useCallback, useState } from 'react';
import { useNotify } from 'react-admin';
import { actionErrorText } from './actionErrorText';
import { useNotifyError } from './useNotifyError';

export interface BusyRunOptions<K> {
  /** what `busy` holds while the call runs (e.g. which of several actions); `true` when left out */
  key?: K;
  /** the success notification's key */
  done?: string;
  /** the success notification's arguments */
  args?: Record<string, unknown>;
  /** the action's SPEC §8 failure text key (see `actionErrorText`); without it, the error's own text */
  failure?: string;
}

/**
 * The busy/run/notify frame of a one-call action: `busy` while the call runs, SPEC §8's success
 * text after it, the failure's text (or silence for a cancelled call) when it fails. `run`
 * answers whether the call succeeded, so the caller closes its dialog or moves on only then.
 */
export function useBusyRun<K = true>() {
  const notify = useNotify();
  const notifyError = useNotifyError();
  const [busy, setBusy] = useState<K | null>(null);
  const run = useCallback(
    async (work: () => Promise<unknown>, { key, done, args, failure }: BusyRunOptions<K> = {}) => {
      setBusy(key ?? (true as K));
      try {
        await work();
        if (done) notify(done, { type: 'success', messageArgs: args });
        return true;
      } catch (error) {
        notifyError(error, failure ? actionErrorText(error, failure) : undefined);
        return false;
      } finally {
        setBusy(null);
      }
    },
    [notify, notifyError],
  );
  return { busy, run };
}

import { useEffect, useState, type ComponentProps, type ReactNode } from 'react';
import type { ReloadRunDetail } from '../../../../domain/reloadables';
import { ReloadCheckout } from './ReloadCheckout';
import { RunOutcome } from './RunOutcome';
import { ScheduleField, useSchedule } from './ScheduleField';

type CheckoutProps = Omit<ComponentProps<typeof ReloadCheckout>, 'scheduledAt' | 'scheduleValid' | 'onDone'>;

/**
 * The frame of the manual and CSV tabs: the schedule, the dirty flag (the tab's own input or a
 * schedule), and the run once made, whose outcome replaces the tab ("new reload" clears it all).
 */
export function useReloadTab({ dirty, onDirtyChange, clear }: { dirty: boolean; onDirtyChange: (dirty: boolean) => void; clear: () => void }) {
  const schedule = useSchedule();
  const [run, setRun] = useState<ReloadRunDetail | null>(null);
  const anyDirty = dirty || schedule.on;
  useEffect(() => onDirtyChange(anyDirty), [anyDirty, onDirtyChange]);
  const reset = () => {
    clear();
    schedule.reset();
    setRun(null);
  };
  const outcome = run ? <RunOutcome run={run} onNew={reset} /> : null;
  /** The schedule, `note` under it, then the check and the run. */
  const footer = (checkout: CheckoutProps, note?: ReactNode) => (
    <>
      <ScheduleField {...schedule.field} />
      {note}
      <ReloadCheckout
        {...checkout}
        scheduledAt={schedule.scheduledAt}
        scheduleValid={schedule.valid}
        onDone={(created) => {
          reset();
          setRun(created);
        }}
      />
    </>
  );
  return { outcome, footer };
}

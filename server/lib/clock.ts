/**
 * The app's notion of "now" for business time (when a planned reload is due, whether a schedule
 * is in the past). Production uses the system clock. With TEST_CLOCK=1 (never in production) the
 * journeys move it forward with POST /api/test/clock instead of waiting for a scheduled hour.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** The system clock plus an offset that only ever grows (time never runs backwards for the jobs). */
export class ShiftableClock implements Clock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  /** Moves "now" to `to` (ignored when `to` is not later than now). Returns the new now. */
  advanceTo(to: Date): Date {
    const shift = to.getTime() - Date.now();
    if (shift > this.offsetMs) this.offsetMs = shift;
    return this.now();
  }
}

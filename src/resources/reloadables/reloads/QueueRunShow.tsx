import { QUEUE } from './resources';
import { RunShow } from './RunShow';

/** /reloadables/queue-reloads/{runId}: a planned run's page, reached from the queue. */
export default function QueueRunShow() {
  return <RunShow from={QUEUE} />;
}

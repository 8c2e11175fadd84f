import { HISTORY } from './resources';
import { RunShow } from './RunShow';

/** /reloadables/reloads-history/{runId}: a run that ran, reached from the history. */
export default function HistoryRunShow() {
  return <RunShow from={HISTORY} />;
}

/**
 * The integration bench's load generator (bench/integration.ts forks it): its own process, so the
 * server's process spends its CPU on the server only. Gets { base, tills, codes, seconds, tag } by
 * IPC, runs one closed loop per till (Node's fetch: its keep-alive connections) for `seconds`: every
 * call with its own Idempotency-Key, every tenth a retry of the till's previous call whose answer
 * must be the replay. Sends back the latencies and the tally, then exits.
 */
const consume = async (base, till, key, body) => {
  const res = await fetch(base, { method: 'POST', headers: { authorization: `Bearer ${till.key}`, 'idempotency-key': key, 'content-type': 'application/json' }, body });
  return { status: res.status, replayed: res.headers.get('idempotent-replayed') === 'true', text: await res.text() };
};

async function run({ base, tills, codes, seconds, tag }) {
  const tally = { times: [], accepted: 0, acceptedCents: 0, replays: 0, badReplays: 0, errors: 0, statuses: {} };
  const until = performance.now() + seconds * 1000;
  const worker = async (till, n) => {
    let last = null;
    for (let i = 0; performance.now() < until; i++) {
      const started = performance.now();
      if (last && i % 10 === 9) {
        // the till timed out and retries: the same key and body must answer the first answer
        const again = await consume(base, till, last.key, last.body);
        tally.times.push(performance.now() - started);
        tally.replays++;
        if (again.status !== 200 || !again.replayed || again.text !== last.text) tally.badReplays++;
        continue;
      }
      const key = `bench-${tag}-${n}-${i}-${Math.random().toString(36).slice(2, 8)}`;
      const amountCents = 1 + Math.floor(Math.random() * 100);
      const body = JSON.stringify({ code: codes[Math.floor(Math.random() * codes.length)], amountCents });
      const answer = await consume(base, till, key, body);
      tally.times.push(performance.now() - started);
      if (answer.status === 200) {
        tally.accepted++;
        tally.acceptedCents += amountCents;
        last = { key, body, text: answer.text };
      } else {
        tally.errors++;
        tally.statuses[answer.status] = (tally.statuses[answer.status] ?? 0) + 1;
      }
    }
  };
  const started = performance.now();
  const cpu = process.cpuUsage();
  await Promise.all(tills.map((till, n) => worker(till, n)));
  tally.elapsed = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  tally.cpuMs = (used.user + used.system) / 1000;
  return tally;
}

process.once('message', (job) => {
  run(job).then(
    (tally) => process.send(tally, () => process.exit(0)),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
});

/**
 * `node:util` for the browser build, as far as the server's libraries use it: `format` of
 * @fastify/error's messages (%s, %d, %i, %j, %o, %O, %%; extra values appended).
 */
export function format(message: unknown, ...values: unknown[]): string {
  if (typeof message !== 'string') return [message, ...values].map(String).join(' ');
  let next = 0;
  const text = message.replace(/%[sdijoO%]/g, (token) => {
    if (token === '%%') return '%';
    if (next >= values.length) return token;
    const value = values[next++];
    if (token === '%d' || token === '%i') return String(token === '%i' ? Math.trunc(Number(value)) : Number(value));
    if (token === '%j' || token === '%o' || token === '%O') return JSON.stringify(value);
    return String(value);
  });
  return [text, ...values.slice(next).map(String)].join(' ');
}

export default { format };

/** `node:path` for the browser build, as far as fastify-plugin uses it (naming anonymous plugins). */
export function basename(file: string, extension = ''): string {
  const base = file.slice(file.lastIndexOf('/') + 1);
  return extension && base.endsWith(extension) ? base.slice(0, -extension.length) : base;
}

export function extname(file: string): string {
  const base = basename(file);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot) : '';
}

export default { basename, extname };

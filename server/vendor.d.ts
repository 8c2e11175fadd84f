/**
 * Package entries TypeScript cannot type here. `bwip-js` by its root: its exports map has types
 * only under the node and browser conditions, which the bundler resolution does not use (the
 * archive reads its `raw` encoder through its own type). pdfkit's standard-font modules ship
 * without types; the browser build registers them (modules/catalog/archive.ts).
 */
declare module 'bwip-js' {
  const bwipjs: unknown;
  export default bwipjs;
}

declare module 'pdfkit/standard-fonts/*' {
  const font: { name: string };
  export default font;
}

/** s3rver (a local S3-compatible server, tests only) ships without types: what lib/files.test.ts uses. */
declare module 's3rver' {
  interface S3rverContext {
    method: string;
    path: string;
    query: Record<string, string | string[] | undefined>;
    status: number;
    body: unknown;
  }
  export default class S3rver {
    constructor(options: { port?: number; address?: string; silent?: boolean; directory: string; resetOnClose?: boolean });
    /** Koa's middleware list, composed when the server starts */
    middleware: Array<(ctx: S3rverContext, next: () => Promise<void>) => unknown>;
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}

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

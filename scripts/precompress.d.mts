import type { Plugin } from 'vite';

/** Writes .br/.gz siblings of the compressible files of `dir` (kept only when smaller). */
export function precompress(dir: string): { raw: number; br: number };
/** Vite plugin: precompress the output folder after the bundle is written. */
export function precompressPlugin(): Plugin;

import host from './generated/host.json';

/**
 * The runtime settings the server's /config.js gives the real app: here the same `publicConfig`
 * of the demo host's configuration, written at build time (scripts/demo-data.ts). Imported first
 * by main.tsx, before any module reads them.
 */
window.__TESSERA_CONFIG__ = host.publicConfig;

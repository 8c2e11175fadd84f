import { connectDemoApi } from './host/connection';

/**
 * The demo's entry: the API worker starts first, so its database loads while the app's code is
 * still on its way (the app is a chunk of its own, imported next).
 */
const api = connectDemoApi();
const { startDemoApp } = await import('./app');
await startDemoApp(api);

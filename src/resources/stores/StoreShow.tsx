/** Temporary: index.ts still names the detail screen StoreShow; it is StoreEdit (react-admin's edit route). */
export { default } from './StoreEdit';

/**
 * The orders service, what routes, jobs and the seed call: drafts and their items (drafts.ts, with
 * the item checks in items.ts), the life of an order (lifecycle.ts), each change locked and checked
 * against the transition table (steps.ts). SQL lives in repository.ts and items.repository.ts.
 */
export { createOrder, configureOrder, deleteOrder, draftItems, addItem, editItem, removeItem } from './drafts';
export { confirmOrder, retryOrder, activateOrder, cancelOrder, editExpiry, setTracking, markDelivered, resendConfirmation, orderWithCodes } from './lifecycle';
export { orderDetail } from './steps';

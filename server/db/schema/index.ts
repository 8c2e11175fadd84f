export * from './audit';
export * from './companies';
export * from './jobs';
export * from './outbox';
export * from './sessions';
export * from './users';
export * from './giftcards';
export * from './batches';

export * from './constants';
export * from './errors';
export * from './password';
export * from './permissions';
export * from './access';
export * from './schemas/auth';

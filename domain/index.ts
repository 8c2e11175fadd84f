export * from './constants';
export * from './errors';
export * from './menu';
export * from './password';
export * from './permissions';
export * from './schemas/auth';

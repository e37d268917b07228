export * from './model';
export * from './markup';
export * from './address';
export * from './constants';
export * from './messages';
export * from './policy';
export * from './validation';
export * from './anchoring';

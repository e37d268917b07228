export * from './entities';
export * from './viewstate';

export * from './entities';
export * from './viewstate';
export * from './thread';
export * from './item-defaults';

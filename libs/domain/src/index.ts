export * from './bet-types';
export * from './distance';
export * from './names';
export * from './prng';
export * from './schedule';

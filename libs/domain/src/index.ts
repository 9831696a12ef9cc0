export * from './bet-types';
export * from './connection-style';
export * from './day-card';
export * from './distance';
export * from './names';
export * from './prng';
export * from './race-engine';
export * from './schedule';

export * from './activities';
export * from './allowances';
export * from './auth';
export * from './students';

export * from './allowances';
export * from './auth';
export * from './students';

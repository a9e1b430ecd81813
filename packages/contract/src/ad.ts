export * from './ad/rules.ts';
export * from './ad/points.ts';
export * from './ad/customers.ts';
export * from './ad/orders.ts';

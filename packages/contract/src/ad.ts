/*
 * Elevator advertising (电梯广告, issue 19; doc 001 §7.9): points, customers and leads, orders
 * (this half), tasks and task logs, mini-program users and settlement (the other half). One file
 * per part under ad/.
 */

export * from './ad/count.ts';
export * from './ad/customers.ts';
export * from './ad/orders.ts';
export * from './ad/points.ts';
export * from './ad/rules.ts';
export * from './ad/settlement.ts';
export * from './ad/tasks.ts';
export * from './ad/users.ts';

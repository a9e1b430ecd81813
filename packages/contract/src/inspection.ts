/*
 * Periodic inspection (定期检验, DOMAIN.md §3; doc 001 §7.4–7.5): the organisation's resources
 * (inspectors and departments, instruments and seals, the item catalogue and the tariff, technical
 * parameters). One file per part under inspection/. The organisations themselves (their filing,
 * list and detail) are the parties module's (parties/inspection-orgs.ts).
 */
export * from './inspection/bills.ts';
export * from './inspection/catalog.ts';
export * from './inspection/equipment.ts';
export * from './inspection/inspectors.ts';
export * from './inspection/orders.ts';
export * from './inspection/params.ts';
export * from './inspection/reports.ts';
export * from './inspection/rules.ts';
export * from './inspection/tariff.ts';

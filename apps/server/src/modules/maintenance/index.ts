import { defineModule } from '../../platform/module.ts';
import { maintenanceRoutes } from './routes.ts';
import { seedMaintenanceOrders } from './seed.ts';

/** Maintenance work orders as the registry shows them (the maintenance domain grows from here). */
export const maintenanceModule = defineModule({
  name: 'maintenance',
  routes: maintenanceRoutes,
  demoSeeders: [(tx) => seedMaintenanceOrders(tx)],
});

/*
 * CRM (the tenant's `is_enabled_crm` module): the module's door. Other modules, the background
 * jobs and the demo's simulation reach customers, their records and orders through these only.
 */

export { addAddress, addContact, addCustomer, addItem, addPet, customersPage } from './records-service.ts';
export {
  addCrmOrder,
  planCrmOrders,
  plannableStopsOfDay,
  setCrmOrderStatus,
  TRIP_STOPS_MAX,
  type TDayStop,
} from './order-service.ts';
export { guardCrm } from './guard.ts';
export { ORDER_SWEEP_INTERVAL_MS, startOrderFollower, sweepOrders } from './order-follower.ts';

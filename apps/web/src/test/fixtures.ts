import type { TStoredSession } from '../lib/session';

/** Stored sessions of the demo accounts (DESIGN §6). */
export const SESSIONS = {
  delivery: {
    id: 2,
    email: 'admin@example.com',
    tenant_id: 1,
    is_super_admin: 0,
    tenant_name: 'Desert Express',
    tenant_type: 'delivery',
    is_enabled_crm: 1,
  },
  schoolBus: {
    id: 3,
    email: 'school@example.com',
    tenant_id: 2,
    is_super_admin: 0,
    tenant_name: 'Bright Start School Transport',
    tenant_type: 'school_bus',
    is_enabled_crm: 0,
  },
  namat: {
    id: 4,
    email: 'namat@example.com',
    tenant_id: 3,
    is_super_admin: 0,
    tenant_name: 'Namat Field Services',
    tenant_type: 'namat',
    is_enabled_crm: 0,
  },
  superAdmin: {
    id: 1,
    email: 'super@example.com',
    tenant_id: null,
    is_super_admin: 1,
    tenant_name: null,
    tenant_type: null,
    is_enabled_crm: 0,
  },
} satisfies Record<string, TStoredSession>;

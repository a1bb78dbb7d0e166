import {
  MESSAGES,
  pluralize,
  VEHICLE_REQUEST_STATUS_LABEL,
  type TTerms,
  type TVehicleRequestPerson,
  type TVehicleRequestRow,
} from '@fleet/contract';
import type { TVehicleRequestDecision } from './api/vehicle-requests';

/*
 * What the vehicle change requests page says, in the tenant's words: who has which vehicle, what
 * each decision does to which driver, and how a decided request ended.
 */

export const personName = (p: { fname: string; lname: string }) => `${p.fname} ${p.lname}`.trim();

/** "Ali Khan", "Ali Khan and Sara Haddad", "Ali Khan, Sara Haddad and Omar Saleh". */
export function namesOf(people: readonly TVehicleRequestPerson[]): string {
  const all = people.map(personName);
  return all.length <= 1 ? (all[0] ?? '') : `${all.slice(0, -1).join(', ')} and ${all[all.length - 1]}`;
}

/** The drivers of the request's new vehicle other than the requester: who a Swap or Force Accept moves. */
export const otherHolders = (request: TVehicleRequestRow) =>
  request.newBus.drivers.filter((d) => d.id !== request.driver.id);

/** 'Approved', 'Approved (swap)', 'Approved (forced)' or 'Declined'. */
export function outcomeLabel(request: TVehicleRequestRow): string {
  const label = VEHICLE_REQUEST_STATUS_LABEL[request.status];
  if (request.status !== '1') return label;
  if (request.resolution === 'swap') return `${label} (swap)`;
  if (request.resolution === 'force') return `${label} (forced)`;
  return label;
}

/** What the confirm dialog asks before a decision (accept on a free vehicle, or decline). */
export function decisionQuestion(request: TVehicleRequestRow, decision: 'accept' | 'decline', terms: TTerms) {
  const bus = terms.bus.toLowerCase();
  const name = personName(request.driver);
  if (decision === 'decline')
    return `Decline ${name}'s request for ${bus} ${request.newBus.reference}? ${name} keeps ${
      request.driver.bus ? `${bus} ${request.driver.bus.reference}` : `no ${bus}`
    }.`;
  return `Give ${bus} ${request.newBus.reference} to ${name}?${
    request.driver.bus ? ` ${terms.bus} ${request.driver.bus.reference} is then free.` : ''
  }`;
}

/** What Swap does, naming each driver and vehicle; null when the requester has no vehicle to give. */
export function swapExplained(request: TVehicleRequestRow, terms: TTerms): string | null {
  const given = request.driver.bus;
  if (!given) return null;
  const others = otherHolders(request);
  const bus = terms.bus.toLowerCase();
  return `${personName(request.driver)} gets ${request.newBus.reference}; ${namesOf(others)} ${
    others.length > 1 ? 'get' : 'gets'
  } ${bus} ${given.reference} in exchange.`;
}

/** What Force Accept does, naming who is left without a vehicle. */
export function forceExplained(request: TVehicleRequestRow, terms: TTerms): string {
  const others = otherHolders(request);
  return `${personName(request.driver)} gets ${request.newBus.reference}; ${namesOf(others)} ${
    others.length > 1 ? 'are' : 'is'
  } left without a ${terms.bus.toLowerCase()}.`;
}

/** The message shown once a decision is made (the server's own words, in the tenant's terms). */
export function decisionDone(
  decision: TVehicleRequestDecision,
  request: TVehicleRequestRow,
  terms: TTerms,
): string {
  const m = MESSAGES.vehicleRequests;
  switch (decision) {
    case 'accept':
      return m.accepted;
    case 'swap':
      return m.swapped(pluralize(terms.bus).toLowerCase());
    case 'force':
      return m.forced(namesOf(otherHolders(request)), terms.bus.toLowerCase());
    case 'decline':
      return m.declined;
  }
}

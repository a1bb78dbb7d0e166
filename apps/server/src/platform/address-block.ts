import ipaddr from 'ipaddr.js';

/**
 * The block of addresses one client holds, as limits count clients: an IPv4 address alone (/32),
 * an IPv6 address by its /64 (the smallest network a provider hands a customer, in which the
 * customer chooses addresses freely), an IPv4-mapped IPv6 address as the IPv4 address it is.
 * Anything unparsable is its own key, unchanged.
 */
export function addressBlock(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  const parts = (address as ipaddr.IPv6).parts.slice(0, 4);
  return `${new ipaddr.IPv6([...parts, 0, 0, 0, 0]).toString()}/64`;
}

import { parseUtcDateTime } from '@fleet/contract';

/** A fix's time: ISO 8601 (the event stream) or UTC `YYYY-MM-DD HH:mm:ss` (the API), as a Date. */
export function parseFixTime(recordedAt: string): Date | null {
  const wire = parseUtcDateTime(recordedAt);
  if (wire) return wire;
  const iso = new Date(recordedAt);
  return Number.isNaN(iso.getTime()) ? null : iso;
}

/** How old a fix is, in words: "just now", "2 min ago", "3 h 5 min ago", "2 days ago". */
export function fixAge(recordedAt: string, now: Date = new Date()): string {
  const at = parseFixTime(recordedAt);
  if (!at) return 'unknown';
  // A phone's clock a little ahead of the server's still reads as "just now".
  const seconds = Math.max(0, Math.floor((now.getTime() - at.getTime()) / 1000));
  if (seconds < 30) return 'just now';
  if (seconds < 60) return `${seconds} s ago`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 === 0 ? `${hours} h ago` : `${hours} h ${minutes % 60} min ago`;
  const days = Math.floor(hours / 24);
  return days === 1 ? '1 day ago' : `${days} days ago`;
}

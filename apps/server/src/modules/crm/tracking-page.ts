import type { TTrackingView } from '@fleet/contract';
import { metersBetween } from '../trips/service.ts';

/*
 * The tracking page's HTML, rendered on the server: readable at once on a phone, with no framework.
 * A small script (`TRACKING_SCRIPT`, served beside it) asks for the page's data every 20 seconds
 * and reloads the page when it changed, so the status, the position and the ETA stay current.
 */

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** `YYYY-MM-DD HH:mm:ss` UTC as a wall-clock `HH:mm` in the zone. */
const clockOf = (utc: string, zone: string) =>
  new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: zone }).format(
    new Date(`${utc.replace(' ', 'T')}Z`),
  );
const dayOf = (day: string) =>
  new Intl.DateTimeFormat('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  }).format(new Date(`${day}T12:00:00Z`));

const LINES: Partial<Record<TTrackingView['status'], string>> = {
  draft: 'Your order is being prepared.',
  confirmed: 'Your order is confirmed and waiting to be scheduled.',
  planned: 'Your order is scheduled for delivery.',
  in_progress: 'Your order is out for delivery.',
  delivered: 'Your order has been delivered.',
  failed: 'We could not deliver your order. We will contact you to arrange another time.',
  cancelled: 'This order was cancelled.',
};

/**
 * Where the vehicle is from the customer's address, drawn to scale in a small plan: the address in
 * the middle, the vehicle on the circle of its distance and bearing (no map tiles needed).
 */
function positionSketch(view: TTrackingView): string {
  const { vehicle, destination } = view;
  if (!vehicle) return '';
  const meters = metersBetween(vehicle, destination);
  const dx = (vehicle.lon - destination.lon) * Math.cos((destination.lat * Math.PI) / 180);
  const dy = vehicle.lat - destination.lat;
  const length = Math.hypot(dx, dy) || 1;
  const r = Math.min(70, 20 + Math.sqrt(meters) / 2);
  const x = 100 + (dx / length) * r;
  const y = 100 - (dy / length) * r;
  const km = meters >= 1000 ? `${(meters / 1000).toFixed(1)} km` : `${Math.round(meters / 10) * 10} m`;
  return `<figure class="sketch">
<svg viewBox="0 0 200 200" width="200" height="200" role="img" aria-label="The vehicle is ${km} from your address">
<circle cx="100" cy="100" r="${r.toFixed(1)}" fill="none" stroke="#c9d3e0" stroke-dasharray="4 4"/>
<circle cx="100" cy="100" r="9" fill="#0b6e4f"/><text x="100" y="124" text-anchor="middle" font-size="11" fill="#2b3a4a">You</text>
<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="9" fill="#1c4fa3"/><text x="${x.toFixed(1)}" y="${(y - 14).toFixed(1)}" text-anchor="middle" font-size="11" fill="#2b3a4a">Driver</text>
</svg>
<figcaption>${escape(km)} away</figcaption>
</figure>`;
}

export function trackingPage(view: TTrackingView, token: string, zone: string): string {
  const window =
    view.window_start && view.window_end
      ? `between ${view.window_start} and ${view.window_end}`
      : 'during the day';
  const facts = [
    `<dt>Order</dt><dd>${escape(view.reference)}</dd>`,
    `<dt>Delivery day</dt><dd>${escape(dayOf(view.requested_date))}, ${escape(window)}</dd>`,
    ...(view.driver_first_name ? [`<dt>Your driver</dt><dd>${escape(view.driver_first_name)}</dd>`] : []),
    ...(view.eta ? [`<dt>Expected arrival</dt><dd>around ${escape(clockOf(view.eta, zone))}</dd>`] : []),
    ...(view.delivered_date
      ? [`<dt>Delivered at</dt><dd>${escape(clockOf(view.delivered_date, zone))}</dd>`]
      : []),
  ].join('');
  const photo = view.proof_image
    ? `<figure class="proof"><img src="${escape(view.proof_image)}" alt="Photo taken by the driver at delivery" width="320" height="240"><figcaption>Proof of delivery</figcaption></figure>`
    : '';
  const onTheWay =
    view.status === 'in_progress' && !view.vehicle
      ? '<p class="note">The driver is on another delivery before yours. The driver’s position shows here once they are heading to you.</p>'
      : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="referrer" content="no-referrer">
<title>${escape(view.reference)}: ${escape(view.status_label)} · ${escape(view.tenant_name)}</title>
<style>
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1d2733;background:#f4f6f9}
header{background:#12355b;color:#fff;padding:14px 20px}header p{margin:0;font-weight:600}
main{max-width:560px;margin:0 auto;padding:20px}
.card{background:#fff;border-radius:12px;padding:20px;box-shadow:0 1px 3px rgba(0,0,0,.12)}
h1{font-size:1.5rem;margin:0 0 4px}.status{margin:0 0 16px;color:#3b4b5c}
dl{display:grid;grid-template-columns:max-content 1fr;gap:6px 16px;margin:0}dt{color:#53657a}dd{margin:0;font-weight:600}
.sketch,.proof{margin:20px 0 0;text-align:center}figcaption{color:#3b4b5c;font-size:.9rem}
.proof img{max-width:100%;height:auto;border-radius:8px}.note{color:#3b4b5c}
footer{text-align:center;color:#53657a;font-size:.85rem;padding:16px}
</style>
</head>
<body>
<header><p>${escape(view.tenant_name)}</p></header>
<main>
<section class="card" aria-labelledby="status">
<h1 id="status">${escape(view.status_label)}</h1>
<p class="status">${escape(LINES[view.status] ?? '')}</p>
<dl>${facts}</dl>
${onTheWay}${positionSketch(view)}${photo}
</section>
</main>
<footer>This page updates by itself.</footer>
<script src="/track/live.js" data-token="${escape(token)}" defer></script>
</body>
</html>`;
}

/**
 * Asks for the page's data every 20 s and reloads the page when what it shows changed: the status,
 * a new position of the vehicle, the delivery (not the ETA alone, which moves with the clock).
 */
export const TRACKING_SCRIPT = `(function(){var s=document.currentScript,t=s&&s.getAttribute('data-token');if(!t)return;var last=null;function key(d){return [d.status,d.vehicle&&d.vehicle.at,d.delivered_date,d.proof_image,d.driver_first_name].join('|')}function tick(){fetch('/api/v1/track/'+encodeURIComponent(t),{cache:'no-store'}).then(function(r){return r.ok?r.json():null}).then(function(d){if(!d)return;var k=key(d);if(last!==null&&k!==last)location.reload();last=k}).catch(function(){})}tick();setInterval(tick,20000)})();`;

/** The page of an unknown, revoked or expired link. */
export const TRACKING_NOT_FOUND_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Tracking link not found</title>
<style>body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#1d2733;background:#f4f6f9}main{max-width:560px;margin:40px auto;padding:20px;background:#fff;border-radius:12px}</style></head>
<body><main><h1>Tracking link not found</h1><p>This tracking link is not valid, or it has expired. Please contact the sender for a new one.</p></main></body></html>`;

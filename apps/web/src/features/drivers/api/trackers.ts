import { useQuery } from '@tanstack/react-query';
import { OSMAND_PATH, OWNTRACKS_PATH, ZTrackerSetup, type TTrackerSetupRequest } from '@fleet/contract';
import { api } from '../../../lib/api/client';
import { useChange } from '../../../lib/api/change';
import { tenantSettingsQuery, useSaveTenantSettings } from '../../../lib/api/settings';

/*
 * A driver's tracker: making its Tracker ID (shown once), removing it, and the tenant's rule for
 * trackers of drivers signed in to the driver app.
 */

/** `v1/trackers/setup`: the new Tracker ID, in this answer only. */
export function useSetUpTracker() {
  return useChange('driver', (body: TTrackerSetupRequest) =>
    api.post('v1/trackers/setup', body, { schema: ZTrackerSetup }),
  );
}

export function useRemoveTracker() {
  return useChange('driver', (driverId: number) => api.post('v1/trackers/remove', { driver_id: driverId }));
}

export const TRIPS_WHILE_SIGNED_IN = 'tracker_trips_while_signed_in';

/** Whether the tenant lets trackers run trips of drivers signed in to the app, and a way to change it. */
export function useTrackerTripsWhileSignedIn(tenantId: number | null) {
  const settings = useQuery({ ...tenantSettingsQuery(tenantId ?? 0), enabled: tenantId !== null });
  const save = useSaveTenantSettings();
  const on = settings.data?.find((s) => s.key === TRIPS_WHILE_SIGNED_IN)?.value === 'true';
  return {
    on,
    loaded: settings.data !== undefined,
    saving: save.isPending,
    set: (value: boolean) =>
      save.mutateAsync({ settings: [{ key: TRIPS_WHILE_SIGNED_IN, value: String(value) }] }),
  };
}

/** A username OwnTracks accepts (the server reads only the password): the driver's name, plainly. */
const usernameOf = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase() || 'driver';

/**
 * What each tracker app needs to report for a driver: the values to type, and the configuration
 * link its QR code carries (Traccar Client reads `org.traccar.client://config`, OwnTracks
 * `owntracks:///config?inline=` with its configuration JSON in base64; OsmAnd has no such link).
 */
export function trackerSettings(origin: string, trackerId: string, driverName: string) {
  const osmandUrl = `${origin}${OSMAND_PATH}`;
  const owntracksUrl = `${origin}${OWNTRACKS_PATH}`;
  const username = usernameOf(driverName);
  const owntracksConfig = {
    _type: 'configuration',
    mode: 3,
    url: owntracksUrl,
    auth: true,
    username,
    password: trackerId,
  };
  return {
    traccar: {
      serverUrl: osmandUrl,
      deviceId: trackerId,
      link: `org.traccar.client://config?${new URLSearchParams({ url: osmandUrl, id: trackerId }).toString()}`,
    },
    osmand: {
      // OsmAnd's online tracking fills in {0} latitude, {1} longitude, {2} time, {3} HDOP, {4} altitude, {5} speed.
      url: `${osmandUrl}?id=${encodeURIComponent(trackerId)}&lat={0}&lon={1}&timestamp={2}&hdop={3}&altitude={4}&speed={5}`,
    },
    owntracks: {
      url: owntracksUrl,
      username,
      password: trackerId,
      // The configuration is ASCII (an origin, the id's letters and digits, the username made so).
      link: `owntracks:///config?inline=${btoa(JSON.stringify(owntracksConfig))}`,
    },
  };
}
export type TTrackerSettings = ReturnType<typeof trackerSettings>;

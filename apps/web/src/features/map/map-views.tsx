import { useCallback, useMemo, useRef, useState } from 'react';
import { useQueries, useQuery } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { DEFAULT_MAP_ZOOM, LIVE_REFRESH_MS, pluralize, type TDriverRow } from '@fleet/contract';
import { fixAge } from '../../components/live-map/fix-age';
import { useTenantMapCenter } from '../../components/live-map/map-center';
import { useNow } from '../../components/live-map/vehicle-popup';
import type { PathLayerProps, TMapVehicle } from '../../components/live-map/types';
import { driverDayPathQuery, recentLocationsQuery } from '../../lib/api/locations';
import { useLivePositions } from '../../lib/live-events';
import { useTerms } from '../../lib/terms';
import { dayTripsQuery } from './api/day-trips';
import { MapLayout, NO_LOCATIONS } from './map-layout';
import {
  driverName,
  liveVehicles,
  positionAt,
  trackOf,
  tripEvents,
  tripLabel,
  tripsInProgress,
} from './map-data';
import { ReplayControls, formatClock } from './replay-controls';
import { SIDE_LIST_MAX, SideList, type TSideItem } from './side-list';
import { useReplay } from './use-replay';

/** Zoom when the list focuses one driver. */
const FOCUS_ZOOM = 15;

/** The drivers the page can show, and each one's palette colour (by its place in the list). */
export interface TDriverChoices {
  drivers: TDriverRow[];
  colorOf: (driverId: number) => string;
}

const retryAll =
  (...queries: { refetch: () => unknown }[]) =>
  () =>
    queries.forEach((q) => void q.refetch());

const vehicleDetail = (vehicle: TMapVehicle, now: Date) =>
  [vehicle.vehicle, fixAge(vehicle.recordedAt, now)].filter(Boolean).join(' · ');

/** ALL on today: each driver's latest location, moved by live positions between polls. */
export function LiveView({ drivers, today }: { drivers: TDriverChoices; today: string }) {
  const terms = useTerms();
  const center = useTenantMapCenter();
  const now = useNow();
  const recent = useQuery({
    ...recentLocationsQuery(),
    refetchInterval: LIVE_REFRESH_MS,
    // Live positions move the vehicles here directly (below): refetching every driver's latest fix
    // each time one moves would reload the whole fleet every second.
    meta: undefined,
  });
  const trips = useQuery({ ...dayTripsQuery(today), refetchInterval: LIVE_REFRESH_MS });
  const live = useLivePositions();
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [focus, setFocus] = useState<{ lat: number; lon: number; zoom: number } | null>(null);
  // The map opens at the tenant's location (spec 000 §9), then shows every vehicle once they are
  // known (a fleet working away from the tenant's centre would otherwise start off screen), and again
  // on "Show all".
  const [fits, setFits] = useState(0);

  const vehicles = useMemo(
    () =>
      liveVehicles({
        recent: recent.data ?? [],
        live,
        drivers: drivers.drivers,
        trips: trips.data ?? [],
        terms,
        selectedId,
      }),
    [recent.data, live, drivers.drivers, trips.data, terms, selectedId],
  );

  // Only the rows the list draws are worded (a fleet may have thousands of vehicles).
  const items = useMemo(
    (): TSideItem[] =>
      vehicles.slice(0, SIDE_LIST_MAX).map((v) => ({
        key: String(v.driverId),
        primary: v.label,
        secondary: vehicleDetail(v, now),
        selected: v.selected,
      })),
    [vehicles, now],
  );
  const vehiclesRef = useRef(vehicles);
  vehiclesRef.current = vehicles;
  const showOnMap = useCallback((key: string) => {
    const v = vehiclesRef.current.find((vehicle) => String(vehicle.driverId) === key);
    if (!v) return;
    setSelectedId(v.driverId);
    setFocus({ lat: v.lat, lon: v.lon, zoom: FOCUS_ZOOM });
  }, []);

  return (
    <MapLayout
      map={{
        label: `Latest locations of ${pluralize(terms.driver).toLowerCase()}`,
        center,
        zoom: DEFAULT_MAP_ZOOM,
        focus,
        fitKey: vehicles.length > 0 ? `all-${fits}` : undefined,
        fitPoints: vehicles,
        paths: [],
        vehicles,
        onSelectVehicle: setSelectedId,
      }}
      loading={recent.isPending}
      empty={recent.isSuccess && vehicles.length === 0}
      error={recent.error ?? trips.error}
      onRetry={retryAll(recent, trips)}
      side={
        <SideList
          title={`${pluralize(terms.driver)} on the map (${vehicles.length})`}
          items={items}
          total={vehicles.length}
          actionLabel="show on the map"
          onAction={showOnMap}
          action={
            vehicles.length > 0 && (
              <Button size="small" onClick={() => setFits((n) => n + 1)}>
                Show all
              </Button>
            )
          }
          emptyText={recent.isPending ? 'Loading…' : NO_LOCATIONS}
        />
      }
    />
  );
}

/** ALL on another day: every driver's path of that day, each in its own colour, with a legend. */
export function DayPathsView({
  drivers,
  day,
  onChooseDriver,
}: {
  drivers: TDriverChoices;
  day: string;
  onChooseDriver: (driverId: number) => void;
}) {
  const terms = useTerms();
  const center = useTenantMapCenter();
  const recent = useQuery({ ...recentLocationsQuery(day), refetchInterval: LIVE_REFRESH_MS });
  // The drivers with a fix that day, then each one's path (a past day no longer changes: not polled).
  const withFixes = useMemo(() => (recent.data ?? []).filter((d) => d.locations.length > 0), [recent.data]);
  const paths = useQueries({
    queries: withFixes.map((d) => driverDayPathQuery(d.id, day)),
  });

  const shown = withFixes.map((driver, i) => {
    const track = trackOf(paths[i]?.data?.locations ?? []);
    return { driver, track, color: drivers.colorOf(driver.id) };
  });
  const pathLayers: PathLayerProps[] = shown
    .filter((s) => s.track.length > 1)
    .map((s) => ({
      id: `driver-${s.driver.id}`,
      coordinates: s.track.map((f) => [f.lon, f.lat]),
      color: s.color,
    }));
  const busById = new Map(drivers.drivers.map((d) => [d.id, d.bus?.reference ?? null]));
  // Where each driver's day ended: a vehicle to click for its details.
  const vehicles: TMapVehicle[] = shown.flatMap(({ driver, track, color }) => {
    const last = track.at(-1);
    if (!last) return [];
    return [
      {
        driverId: driver.id,
        label: driverName(driver),
        lat: last.lat,
        lon: last.lon,
        course: last.course,
        speed: last.speed,
        recordedAt: new Date(last.at).toISOString(),
        vehicle: busById.get(driver.id) ?? null,
        tripId: last.tripId,
        color,
      },
    ];
  });
  const fitPoints = useMemo(
    () => shown.flatMap((s) => s.track.map(({ lat, lon }) => ({ lat, lon }))),
    // Recomputed when a path arrives, not on each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [paths.map((p) => p.dataUpdatedAt).join(), withFixes],
  );
  const pathError = paths.find((p) => p.error)?.error ?? null;

  return (
    <MapLayout
      map={{
        label: `${pluralize(terms.driver)}' paths on ${day}`,
        center,
        zoom: DEFAULT_MAP_ZOOM,
        fitKey: `paths-${day}`,
        fitPoints,
        paths: pathLayers,
        vehicles,
      }}
      loading={recent.isPending || paths.some((p) => p.isPending)}
      empty={recent.isSuccess && withFixes.length === 0}
      error={recent.error ?? pathError}
      onRetry={retryAll(recent, ...paths)}
      side={
        <SideList
          title={`${pluralize(terms.driver)}' paths (${shown.length})`}
          emptyText={recent.isPending ? 'Loading…' : NO_LOCATIONS}
          items={shown.map(({ driver, track, color }) => ({
            key: String(driver.id),
            primary: driverName(driver),
            secondary: track.length
              ? `${formatClock(track[0]!.at)} – ${formatClock(track.at(-1)!.at)} · ${track.length} fixes`
              : 'Loading path…',
            color,
          }))}
          actionLabel="replay this day"
          onAction={(key) => onChooseDriver(Number(key))}
        />
      }
    />
  );
}

/** One driver on one day: the day's path in the driver's colour, replayable, with the trip events. */
export function DriverDayView({
  drivers,
  driverId,
  day,
  today,
}: {
  drivers: TDriverChoices;
  driverId: number;
  day: string;
  today: string;
}) {
  const terms = useTerms();
  const center = useTenantMapCenter();
  const now = useNow();
  const isToday = day === today;
  const path = useQuery({
    ...driverDayPathQuery(driverId, day),
    // Today's path grows; a past day's does not change.
    refetchInterval: isToday ? LIVE_REFRESH_MS : false,
  });
  const trips = useQuery({ ...dayTripsQuery(day), refetchInterval: LIVE_REFRESH_MS });

  const track = useMemo(() => trackOf(path.data?.locations ?? []), [path.data]);
  const events = useMemo(() => tripEvents(trips.data ?? [], driverId, terms), [trips.data, driverId, terms]);
  const start = track[0]?.at ?? 0;
  const end = track.at(-1)?.at ?? 0;
  const replay = useReplay(start, end);

  const driver = drivers.drivers.find((d) => d.id === driverId);
  const name = path.data
    ? driverName(path.data)
    : driver
      ? driverName(driver)
      : `${terms.driver} #${driverId}`;
  const color = drivers.colorOf(driverId);
  const coordinates = useMemo(() => track.map((f): [number, number] => [f.lon, f.lat]), [track]);
  const position = positionAt(track, replay.time);
  const index = position?.index ?? 0;
  // The travelled part up to the last fix passed (changes a few times a second at most), then the
  // short leg to the vehicle (every frame): a long day is not re-sent to the map on each frame.
  const travelled = useMemo(() => coordinates.slice(0, index + 1), [coordinates, index]);
  const leg: [number, number][] =
    position && coordinates[index] ? [coordinates[index], [position.lon, position.lat]] : [];

  const running = tripsInProgress(trips.data ?? []).get(driverId);
  const tripOf = (tripId: number | null) =>
    trips.data?.find((t) => t.id === tripId) ?? (replay.replaying ? undefined : running);
  const vehicle: TMapVehicle | null = position && {
    driverId,
    label: name,
    lat: position.lat,
    lon: position.lon,
    course: position.course,
    speed: position.speed,
    recordedAt: new Date(replay.time).toISOString(),
    vehicle: driver?.bus?.reference ?? null,
    tripId: position.tripId,
    tripLabel: (() => {
      const trip = tripOf(position.tripId);
      return trip ? tripLabel(trip, terms) : null;
    })(),
    selected: true,
  };

  const replayable = track.length > 1;
  const { pause, seek } = replay;
  const jumpTo = useCallback(
    (key: string) => {
      const event = events.find((e) => e.key === key);
      if (!event) return;
      pause();
      seek(event.at);
    },
    [events, pause, seek],
  );
  // While replaying, the list marks the last event passed.
  const currentEvent = replay.replaying ? events.findLast((e) => e.at <= replay.time)?.key : undefined;
  const paths: PathLayerProps[] = replayable
    ? [
        { id: 'day', coordinates, color, width: 4, opacity: 0.35 },
        { id: 'travelled', coordinates: travelled, color, width: 5, opacity: 1 },
        { id: 'leg', coordinates: leg, color, width: 5, opacity: 1 },
      ]
    : [];
  const fitPoints = useMemo(() => track.map(({ lat, lon }) => ({ lat, lon })), [track]);

  const last = track.at(-1);
  const summary = last
    ? `${track.length} fixes · last ${fixAge(new Date(last.at).toISOString(), now)}${
        driver?.bus ? ` · ${driver.bus.reference}` : ''
      }`
    : null;

  return (
    <MapLayout
      map={{
        label: `${name}'s path on ${day}`,
        center,
        zoom: DEFAULT_MAP_ZOOM,
        fitKey: `driver-${driverId}-${day}`,
        fitPoints,
        paths,
        vehicles: vehicle ? [vehicle] : [],
      }}
      loading={path.isPending}
      empty={path.isSuccess && track.length === 0}
      error={path.error ?? trips.error}
      onRetry={retryAll(path, trips)}
      below={replayable && <ReplayControls replay={replay} start={start} end={end} events={events} />}
      side={
        <SideList
          title={`${terms.trip} events`}
          emptyText={trips.isPending ? 'Loading…' : `No ${terms.trip.toLowerCase()} events on this day.`}
          items={events.map((e) => ({
            key: e.key,
            primary: e.text,
            secondary: formatClock(e.at),
            selected: e.key === currentEvent,
          }))}
          actionLabel={replayable ? 'replay from here' : undefined}
          onAction={jumpTo}
        >
          <Typography variant="body2" sx={{ px: 2, pt: 0.5 }}>
            <strong>{name}</strong>
            <span data-color={color} aria-hidden style={{ color }}>
              {' '}
              ●
            </span>
          </Typography>
          {summary && (
            <Typography variant="body2" color="text.secondary" sx={{ px: 2 }}>
              {summary}
            </Typography>
          )}
        </SideList>
      }
    />
  );
}

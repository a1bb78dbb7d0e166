import { toUtcString } from '@fleet/contract';
import type { TDriverApi } from './client.ts';
import { pathLength, pointAlong, type TPoint } from './geo.ts';
import { photoPng } from './photo.ts';
import type { TRandom } from './random.ts';
import type { TStep, TTripScript } from './trip-run.ts';

/*
 * What a driver reports from the road besides the trip's buttons: now and then a refuel (volume and
 * price, with a photo of the receipt), rarely an accident (what happened, where in words and from
 * the phone's GPS, with photos). Drawn per trip from the trip's script, a pure function of it and
 * its own seeded stream, so a trip's run stays the same with or without them; each happens on one
 * of the trip's drives, at the time and place the script has the driver there, and is sent
 * through the driver app's calls (`/api/v1/driver/refuels`, `/api/v1/driver/accidents`).
 */

export interface TRoadBehaviour {
  /** Chance a trip has a refuel on the way. */
  refuel: number;
  /** Chance a trip has an accident on the way. */
  accident: number;
}

/**
 * About one trip in five refuels; about one in twenty has a (minor) accident: a demo tenant's month
 * of history shows a dozen refuels and a few accidents.
 */
export const DEFAULT_ROAD_BEHAVIOUR: TRoadBehaviour = { refuel: 0.2, accident: 0.05 };

/** The seed stream road reports draw from (`mixSeed(seed, trip, attempt, ROAD_STREAM)`). */
export const ROAD_STREAM = 7;

export type TRoadReport =
  | { kind: 'refuel'; at: number; volume: number; amount: number; photos: Buffer[] }
  | {
      kind: 'accident';
      at: number;
      description: string;
      location: string;
      point: TPoint;
      photos: Buffer[];
    };

const ACCIDENTS = [
  'Rear-ended at a red light; rear bumper cracked.',
  'Side mirror clipped by a passing van.',
  'Scraped a bollard while reversing at the loading bay.',
  'Tyre burst on the way; spare fitted, rim dented.',
  'A car pulled out of a side road; front wing dented, no injuries.',
  'Windscreen chipped by a stone from a truck ahead.',
  'Minor collision in slow traffic; details exchanged with the other driver.',
];
/** Litres (or the tenant's unit) per refuel, and the price of one, in the tenant's currency. */
const VOLUME = { min: 20, max: 90 };
const UNIT_PRICE = { min: 2.6, max: 3.4 };

const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;

/**
 * The refuel and accident (each at most one) of a trip's run, on its drives: a refuel mid-drive, as
 * a stop at a station on the way; an accident at a point of the drive, named after where the drive
 * was heading. None when the script drives nowhere.
 */
export function roadReports(input: {
  script: TTripScript;
  /** The stops' names, by id, for where an accident happened. */
  stopNames: ReadonlyMap<number, string | null>;
  originName: string | null;
  random: TRandom;
  behaviour?: Partial<TRoadBehaviour>;
}): TRoadReport[] {
  const { script, random } = input;
  const b = { ...DEFAULT_ROAD_BEHAVIOUR, ...input.behaviour };
  const legs = script.legs.filter((leg) => leg.arrives > leg.departs && leg.path.length > 1);
  // Drawn whether or not there are drives, so the stream does not depend on them.
  const refuels = random.chance(b.refuel);
  const crashes = random.chance(b.accident);
  if (legs.length === 0) return [];
  const reports: TRoadReport[] = [];
  /** A moment well inside a drive, and where the driver is then. */
  const onTheRoad = () => {
    const leg = random.pick(legs);
    const share = 0.25 + random.next() * 0.5;
    const at = Math.round(leg.departs + (leg.arrives - leg.departs) * share);
    return {
      leg,
      at: Math.ceil(at / 1000) * 1000,
      point: pointAlong(leg.path, pathLength(leg.path) * share).point,
    };
  };
  if (refuels) {
    const volume = round(VOLUME.min + random.next() * (VOLUME.max - VOLUME.min), 2);
    const price = UNIT_PRICE.min + random.next() * (UNIT_PRICE.max - UNIT_PRICE.min);
    reports.push({
      kind: 'refuel',
      at: onTheRoad().at,
      volume,
      amount: round(volume * price, 2),
      photos: [photoPng(random, 48, 64)],
    });
  }
  if (crashes) {
    const { leg, at, point } = onTheRoad();
    const towards = leg.toStopId === null ? input.originName : (input.stopNames.get(leg.toStopId) ?? null);
    reports.push({
      kind: 'accident',
      at,
      description: random.pick(ACCIDENTS),
      location: towards ? `On the way to ${towards}` : 'On the road',
      point: { lat: round(point.lat, 6), lon: round(point.lon, 6) },
      photos: Array.from({ length: random.int(1, 3) }, () => photoPng(random)),
    });
  }
  return reports.sort((x, y) => x.at - y.at);
}

export const isRoadReport = (step: TStep | TRoadReport): step is TRoadReport =>
  step.kind === 'refuel' || step.kind === 'accident';

/** The script's steps with the reports among them, in time order (a report after steps of its second). */
export function withRoadReports(
  steps: readonly TStep[],
  reports: readonly TRoadReport[],
): (TStep | TRoadReport)[] {
  const timeline: (TStep | TRoadReport)[] = [...steps];
  for (const report of reports) {
    const after = timeline.findIndex((step) => step.at > report.at);
    timeline.splice(after < 0 ? timeline.length : after, 0, report);
  }
  return timeline;
}

/** Sends a report through the driver app; `at` (epoch ms) when it happened, now when left out. */
export function sendRoadReport(api: TDriverApi, report: TRoadReport, at: number | undefined) {
  const when: Record<string, string> = at === undefined ? {} : { at: toUtcString(new Date(at)) };
  if (report.kind === 'refuel') {
    return api.report(
      'refuels',
      { volume: String(report.volume), amount: report.amount.toFixed(2), ...when },
      report.photos,
    );
  }
  return api.report(
    'accidents',
    {
      description: report.description,
      location: report.location,
      lat: String(report.point.lat),
      lon: String(report.point.lon),
      ...when,
    },
    report.photos,
  );
}

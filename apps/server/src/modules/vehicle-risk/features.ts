import { RISK_FIXED_FEATURES, RISK_HORIZON_DAYS, dueFeature, dueFeatureLabel } from '@fleet/contract';
import type { TRiskDataset, TRiskSample } from '@fleet/risk';
import {
  dayNumber,
  dayString,
  intervalUsed,
  type TFleetFacts,
  type TPlannedType,
  type TVehicleFacts,
} from '../maintenance/service.ts';

/*
 * What the risk model reads (decision 0036): a vehicle's features at a day, computed from what was
 * recorded before that day only, and whether an unplanned repair followed within the horizon. A
 * training sample is a vehicle at the first day of a month, from the month after its first recorded
 * service to the last month whose horizon has passed. Pure: the facts come from the maintenance
 * module.
 *
 * Features, in order: for each planned type, the share of its interval used since its last service
 * (1 is due; a type never serviced counts from the vehicle's first service); the distance a day over
 * the last 90 days; the vehicle's age in years; its unplanned repairs in the year before. The
 * odometer is read as it was known that day (`asOf`): a later reading would tell the past what the
 * vehicle was going to drive.
 */

/** A share of an interval is capped: a vehicle ten intervals late says no more than one five late. */
const SHARE_CAP = 5;
const YEAR_DAYS = 365.25;

export interface TFeatureSet {
  keys: string[];
  labels: string[];
}

export function featureSet(planned: readonly TPlannedType[]): TFeatureSet {
  return {
    keys: [...planned.map((t) => dueFeature(t.id)), ...Object.keys(RISK_FIXED_FEATURES)],
    labels: [...planned.map((t) => dueFeatureLabel(t.name)), ...Object.values(RISK_FIXED_FEATURES)],
  };
}

/**
 * The vehicle's features at the day number (services before it only), and the interval-only score
 * (the largest share used), or null when it has no service before the day: its history has not
 * started.
 */
export function featuresAt(
  planned: readonly TPlannedType[],
  vehicle: TVehicleFacts,
  day: number,
): { features: number[]; baseline: number } | null {
  // Services are latest first: those before the day, and the first of them all.
  const before = vehicle.services.filter((s) => dayNumber(s.date) < day);
  const first = before.at(-1);
  if (!first) return null;
  // The odometer as it was known that day: no reading of a later day.
  const timeline = vehicle.timeline.asOf(day);
  const shares = planned.map((type) => {
    const last = before.find((s) => s.typeId === type.id) ?? { ...first, typeId: type.id };
    return Math.min(SHARE_CAP, intervalUsed(type, last, timeline, day) ?? 0);
  });
  const age = Math.max(0, (day - dayNumber(`${vehicle.year}-01-01`)) / YEAR_DAYS);
  const repairs = before.filter((s) => s.unplanned && day - dayNumber(s.date) <= 365).length;
  return {
    features: [...shares, timeline.perDay(day) ?? 0, age, repairs],
    baseline: Math.max(0, ...shares),
  };
}

/** Whether an unplanned repair was recorded from the day number to the horizon's end. */
const repairedWithin = (vehicle: TVehicleFacts, day: number) =>
  vehicle.services.some((s) => {
    if (!s.unplanned) return false;
    const d = dayNumber(s.date);
    return d >= day && d < day + RISK_HORIZON_DAYS;
  });

/** The first day of each month from the month after `from` while its horizon has passed by `today`. */
function monthStarts(from: number, today: number): number[] {
  const starts: number[] = [];
  const date = new Date(dayString(from) + 'T00:00:00Z');
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + 1);
  for (;;) {
    const day = dayNumber(date.toISOString().slice(0, 10));
    if (day + RISK_HORIZON_DAYS > today) return starts;
    starts.push(day);
    date.setUTCMonth(date.getUTCMonth() + 1);
  }
}

/** The fleet's training samples, in the order of the months. */
export function riskDataset(facts: TFleetFacts): TRiskDataset {
  const samples: TRiskSample[] = [];
  for (const vehicle of facts.vehicles) {
    const first = vehicle.services.at(-1);
    if (!first) continue;
    for (const day of monthStarts(dayNumber(first.date), facts.todayNumber)) {
      const at = featuresAt(facts.planned, vehicle, day);
      if (!at) continue;
      samples.push({
        day: dayString(day),
        vehicleId: vehicle.id,
        features: at.features,
        label: repairedWithin(vehicle, day) ? 1 : 0,
        baseline: at.baseline,
      });
    }
  }
  samples.sort((a, b) => a.day.localeCompare(b.day) || a.vehicleId - b.vehicleId);
  return { featureKeys: featureSet(facts.planned).keys, samples };
}

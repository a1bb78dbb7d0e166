import type { TDriverAppTrip } from '@fleet/contract';
import { useDay, useI18n } from '../App.tsx';
import { dayIn } from '../i18n.ts';
import { hrefOf, navigate } from '../router.ts';
import { Heading } from './parts.tsx';

/** Today and the next days: the driver's trips in order, grouped by day, the running one first. */
export function Today() {
  const i18n = useI18n();
  const { t, time, day: dayName } = i18n;
  const { day, state } = useDay();
  const zone = day.session.driver.time_zone;

  if (state.trips === null) {
    return <p className="empty">{state.loadError ?? t('loading')}</p>;
  }
  const today = dayIn(new Date(), zone);
  const tomorrow = dayIn(new Date(Date.now() + 86_400_000), zone);
  const groups = new Map<string, TDriverAppTrip[]>();
  const order = (trip: TDriverAppTrip) => (trip.state === 'in_progress' ? '' : (trip.start_date ?? ''));
  for (const trip of [...state.trips].sort((a, b) => order(a).localeCompare(order(b)))) {
    const key = trip.state === 'in_progress' || !trip.start_date ? today : dayIn(trip.start_date, zone);
    groups.set(key, [...(groups.get(key) ?? []), trip]);
  }
  const heading = (key: string, sample: TDriverAppTrip) =>
    key === today
      ? t('today')
      : key === tomorrow
        ? t('tomorrow')
        : sample.start_date
          ? dayName(sample.start_date)
          : key;

  return (
    <>
      <div className="toolbar">
        <Heading>{t('today')}</Heading>
        <button type="button" className="btn btn-small" onClick={() => void day.loadTrips()}>
          {t('refresh')}
        </button>
      </div>
      <nav className="reports" aria-label={t('reports')}>
        {(
          [
            ['refuel', 'reportRefuel'],
            ['accident', 'reportAccident'],
            ['vehicle', 'askVehicle'],
          ] as const
        ).map(([name, label]) => (
          <a
            key={name}
            className="btn btn-block"
            href={hrefOf({ name })}
            onClick={(e) => {
              e.preventDefault();
              navigate({ name });
            }}
          >
            {t(label)}
          </a>
        ))}
      </nav>
      {state.trips.length === 0 && <p className="empty">{t('noTrips')}</p>}
      {[...groups].map(([key, trips]) => (
        <section key={key} aria-labelledby={`day-${key}`}>
          <h2 id={`day-${key}`} className="day-heading">
            {heading(key, trips[0]!)}
          </h2>
          <ul className="cards">
            {trips.map((trip) => (
              <li key={trip.id}>
                <a
                  className={`card trip-card state-${trip.state}`}
                  href={hrefOf({ name: 'trip', id: trip.id })}
                  onClick={(e) => {
                    e.preventDefault();
                    navigate({ name: 'trip', id: trip.id });
                  }}
                >
                  <span className="card-title">
                    {trip.type?.title ?? i18n.words.trip} #{trip.id}
                  </span>
                  <span className={`badge badge-${trip.state}`}>{t(`state_${trip.state}`)}</span>
                  <span className="card-line">{t('plannedStart', { time: time(trip.start_date) })}</span>
                  {trip.origin && <span className="card-line">{t('from', { name: trip.origin.title })}</span>}
                  <span className="card-line">{t('stopsCount', { n: trip.stops.length })}</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}

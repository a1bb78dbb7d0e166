import { useState } from 'react';
import type { TDriverAppTrip } from '@fleet/contract';
import { useDay, useI18n } from '../App.tsx';
import { dayIn } from '../i18n.ts';
import { hrefOf, navigate } from '../router.ts';
import { currentTrip, nextStop } from '../trip-state.ts';
import { Heading, Icon, TripFacts } from './parts.tsx';

const openTrip = (id: number) => (e: { preventDefault: () => void }) => {
  e.preventDefault();
  navigate({ name: 'trip', id });
};

/**
 * Today and the next days: the running trip (or the next one) first, as a card with its main action,
 * then the others in order, grouped by day; the reports from the road and the location setting below.
 */
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
  const current = currentTrip(state.trips);
  const groups = new Map<string, TDriverAppTrip[]>();
  const order = (trip: TDriverAppTrip) => (trip.state === 'in_progress' ? '' : (trip.start_date ?? ''));
  for (const trip of [...state.trips].sort((a, b) => order(a).localeCompare(order(b)))) {
    if (trip === current) continue;
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
      <div className="page-head">
        <Heading>{t('today')}</Heading>
        <button
          type="button"
          className="icon-btn"
          aria-label={t('refresh')}
          title={t('refresh')}
          onClick={() => void day.loadTrips()}
        >
          <Icon name="refresh" />
        </button>
      </div>
      {current && (
        <CurrentTrip
          trip={current}
          // A next trip on another day says which day.
          day={
            current.state === 'planned' && current.start_date && dayIn(current.start_date, zone) !== today
              ? heading(dayIn(current.start_date, zone), current)
              : null
          }
        />
      )}
      {state.trips.length === 0 && <p className="empty card">{t('noTrips')}</p>}
      {[...groups].map(([key, trips]) => (
        <section key={key} aria-labelledby={`day-${key}`}>
          <h2 id={`day-${key}`} className="section-title">
            {heading(key, trips[0]!)}
          </h2>
          <ul className="cards">
            {trips.map((trip) => (
              <li key={trip.id}>
                <a
                  className={`card trip-card state-${trip.state}`}
                  href={hrefOf({ name: 'trip', id: trip.id })}
                  onClick={openTrip(trip.id)}
                >
                  <span className="card-title">
                    {trip.type?.title ?? i18n.words.trip} #{trip.id}
                  </span>
                  <span className={`badge badge-${trip.state}`}>{t(`state_${trip.state}`)}</span>
                  <span className="card-line muted meta">
                    <span>{time(trip.start_date)}</span>
                    {trip.origin && <span>{t('from', { name: trip.origin.title })}</span>}
                    <span>{t('stopsCount', { n: trip.stops.length })}</span>
                  </span>
                </a>
              </li>
            ))}
          </ul>
        </section>
      ))}
      <section aria-labelledby="reports-title">
        <h2 id="reports-title" className="section-title">
          {t('reports')}
        </h2>
        <nav className="list card" aria-labelledby="reports-title">
          {(
            [
              ['refuel', 'reportRefuel', 'fuel'],
              ['accident', 'reportAccident', 'warning'],
              ['vehicle', 'askVehicle', 'car'],
            ] as const
          ).map(([name, label, icon]) => (
            <a
              key={name}
              className="list-row"
              href={hrefOf({ name })}
              onClick={(e) => {
                e.preventDefault();
                navigate({ name });
              }}
            >
              <span className="list-icon">
                <Icon name={icon} />
              </span>
              <span className="list-text">{t(label)}</span>
              <Icon name="chevron" flip />
            </a>
          ))}
        </nav>
      </section>
      <section aria-labelledby="location-title">
        <h2 id="location-title" className="section-title">
          {t('location')}
        </h2>
        <label className="list card switch-row">
          <span className="list-text">{t('shareOnDuty')}</span>
          <input
            type="checkbox"
            role="switch"
            className="switch"
            checked={state.sharing.onDuty}
            onChange={(e) => day.setOnDuty(e.target.checked)}
          />
        </label>
      </section>
    </>
  );
}

/** The trip at hand as the first card: where it stands, where it goes next, and its main action. */
function CurrentTrip({ trip, day: dayLabel }: { trip: TDriverAppTrip; day: string | null }) {
  const i18n = useI18n();
  const { t } = i18n;
  const { day } = useDay();
  const [busy, setBusy] = useState(false);
  const running = trip.state === 'in_progress';
  const next = running ? nextStop(trip) : undefined;
  const done = trip.stops.filter((s) => s.state === 'departed' || s.state === 'skipped').length;
  const stopLabel = (position: number, name: string | null) => name ?? t('stopName', { n: position + 1 });

  const start = async () => {
    setBusy(true);
    try {
      await day.act({ type: 'start', tripId: trip.id });
      navigate({ name: 'trip', id: trip.id });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={`card current-card state-${trip.state}`} aria-labelledby={`current-${trip.id}`}>
      <div className="current-top">
        <span className="overline">{running ? t('nowLabel') : t('nextLabel')}</span>
        <span className={`badge badge-${trip.state}`}>{t(`state_${trip.state}`)}</span>
      </div>
      <h2 className="current-title" id={`current-${trip.id}`}>
        <a href={hrefOf({ name: 'trip', id: trip.id })} onClick={openTrip(trip.id)}>
          {trip.type?.title ?? i18n.words.trip} #{trip.id}
        </a>
      </h2>
      <TripFacts trip={trip} day={dayLabel}>
        <li>
          <Icon name="flag" />
          {next
            ? t('nextStopIs', { name: stopLabel(next.position, next.name) })
            : t('stopsCount', { n: trip.stops.length })}
        </li>
      </TripFacts>
      {running && trip.stops.length > 0 && (
        <div className="progress-line">
          <progress
            max={trip.stops.length}
            value={done}
            aria-label={t('stopsDone', { done, n: trip.stops.length })}
          />
          <span className="muted">{t('stopsDone', { done, n: trip.stops.length })}</span>
        </div>
      )}
      {running ? (
        <a
          className="btn btn-primary btn-block"
          href={hrefOf({ name: 'trip', id: trip.id })}
          onClick={openTrip(trip.id)}
          aria-describedby={`current-${trip.id}`}
        >
          {t('continueTrip')}
          <Icon name="chevron" flip />
        </a>
      ) : (
        <button type="button" className="btn btn-primary btn-block" disabled={busy} onClick={start}>
          <Icon name="play" />
          {t('start')}
        </button>
      )}
    </section>
  );
}

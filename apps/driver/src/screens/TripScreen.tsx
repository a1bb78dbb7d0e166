import { lazy, Suspense, useState, type FormEvent } from 'react';
import type { TDriverAppStop, TDriverAppTask, TDriverAppTrip } from '@fleet/contract';
import { useDay, useI18n } from '../App.tsx';
import { canSkip, nextStop, stopAtHand, tripButtons, type TripAction } from '../trip-state.ts';
import { TaskForm } from './TaskForm.tsx';
import { BackButton, FormMessage, Heading, Icon, TripFacts } from './parts.tsx';

// MapLibre is heavy: it loads only when a trip is opened, never with the app's first screen.
const StopMap = lazy(() => import('./StopMap.tsx'));

/** Where the phone's maps app takes the driver: Apple Maps on iPhone and iPad, Google Maps elsewhere. */
export function mapsLink(lat: number, lon: number): string {
  const apple = /iPhone|iPad|iPod|Macintosh/.test(navigator.userAgent) && 'ontouchend' in document;
  return apple
    ? `https://maps.apple.com/?daddr=${lat},${lon}&dirflg=d`
    : `https://www.google.com/maps/dir/?api=1&destination=${lat},${lon}&travelmode=driving`;
}

export function TripScreen({ tripId }: { tripId: number }) {
  const i18n = useI18n();
  const { t } = i18n;
  const { day, state } = useDay();
  const trip = state.trips?.find((x) => x.id === tripId);
  const [busy, setBusy] = useState(false);

  const back = <BackButton />;
  if (!trip) {
    return (
      <>
        <div className="toolbar">{back}</div>
        <p className="empty">{state.loading ? t('loading') : t('noTrips')}</p>
      </>
    );
  }

  const buttons = tripButtons(trip);
  const act = async (action: TripAction) => {
    setBusy(true);
    try {
      await day.act(action);
    } finally {
      setBusy(false);
    }
  };
  const stopLabel = (stop: TDriverAppStop) => stop.name ?? t('stopName', { n: stop.position + 1 });
  const next = trip.state === 'in_progress' ? nextStop(trip) : undefined;
  const sorted = [...trip.stops].sort((a, b) => a.position - b.position);

  return (
    <>
      <div className="toolbar">
        {back}
        <span className={`badge badge-${trip.state}`}>{t(`state_${trip.state}`)}</span>
      </div>
      <Heading>
        {trip.type?.title ?? i18n.words.trip} #{trip.id}
      </Heading>
      <TripFacts trip={trip} />
      {trip.note && (
        <p className="note">
          <strong>{t('note')}:</strong> {trip.note}
        </p>
      )}

      <div className="actions">
        {buttons.start && (
          <button
            type="button"
            className="btn btn-primary btn-block"
            disabled={busy}
            onClick={() => act({ type: 'start', tripId: trip.id })}
          >
            <Icon name="play" />
            {t('start')}
          </button>
        )}
        {buttons.arrive && (
          <button
            type="button"
            className="btn btn-primary btn-block"
            disabled={busy}
            onClick={() => act({ type: 'arrive', tripId: trip.id, stopId: buttons.arrive!.id })}
          >
            {t('arriveAt', { name: stopLabel(buttons.arrive) })}
          </button>
        )}
        {buttons.depart && (
          <button
            type="button"
            className="btn btn-primary btn-block"
            disabled={busy}
            onClick={() => act({ type: 'depart', tripId: trip.id, stopId: buttons.depart!.id })}
          >
            {t('departFrom', { name: stopLabel(buttons.depart) })}
          </button>
        )}
        {buttons.end && (
          <button
            type="button"
            className="btn btn-primary btn-block"
            disabled={busy}
            onClick={() => act({ type: 'end', tripId: trip.id })}
          >
            {t('end')}
          </button>
        )}
        {next && next.lat !== null && next.lon !== null && (
          <a className="btn btn-block" href={mapsLink(next.lat, next.lon)} target="_blank" rel="noreferrer">
            <Icon name="navigation" />
            {t('navigateTo', { name: stopLabel(next) })}
          </a>
        )}
      </div>

      <Suspense fallback={<div className="map map-loading">{t('loading')}</div>}>
        <StopMap trip={trip} activeStopId={stopAtHand(trip)?.id ?? next?.id ?? null} />
      </Suspense>

      <ol className="stops card">
        {sorted.map((stop) => (
          <StopItem
            key={stop.id}
            trip={trip}
            stop={stop}
            label={stopLabel(stop)}
            canComplete={buttons.complete}
          />
        ))}
      </ol>
    </>
  );
}

function StopItem({
  trip,
  stop,
  label,
  canComplete,
}: {
  trip: TDriverAppTrip;
  stop: TDriverAppStop;
  label: string;
  canComplete: TDriverAppTask[];
}) {
  const { t, time } = useI18n();
  const pupil = [stop.student_fname, stop.student_lname].filter(Boolean).join(' ');
  return (
    <li className={`stop stop-${stop.state}`} aria-current={stop.state === 'arrived' ? 'step' : undefined}>
      <div className="stop-head">
        <span className="stop-number" aria-hidden>
          {stop.position + 1}
        </span>
        <h2 className="stop-name">{label}</h2>
        <span className={`badge badge-stop-${stop.state}`}>{t(`stop_${stop.state}`)}</span>
      </div>
      <p className="muted">
        {t('plannedAt', {
          arrive: time(stop.expected_arrival_date),
          leave: time(stop.expected_departure_date),
        })}
      </p>
      {pupil && (
        <p>
          <strong>{t('pupil')}:</strong> {pupil}
        </p>
      )}
      {stop.state === 'skipped' && stop.skip_reason && (
        <p>
          <strong>{t('note')}:</strong> {stop.skip_reason}
        </p>
      )}
      {stop.tasks.length > 0 && (
        <ul className="tasks">
          {stop.tasks.map((task) => (
            <TaskItem
              key={task.id}
              trip={trip}
              task={task}
              open={canComplete.some((c) => c.id === task.id)}
            />
          ))}
        </ul>
      )}
      {canSkip(trip, stop.id) && <SkipStop trip={trip} stop={stop} label={label} />}
    </li>
  );
}

/** Skipping a stop not reached: the reason, then a confirmation, since its tasks become missed. */
function SkipStop({ trip, stop, label }: { trip: TDriverAppTrip; stop: TDriverAppStop; label: string }) {
  const { t } = useI18n();
  const { day } = useDay();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  if (!open) {
    return (
      <button type="button" className="btn btn-block" onClick={() => setOpen(true)}>
        {t('skipStop')}
      </button>
    );
  }
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setError(t('skipReasonRequired'));
      return;
    }
    await day.act({ type: 'skip', tripId: trip.id, stopId: stop.id, reason: reason.trim() });
    setOpen(false);
  };
  return (
    <form className="task-form" onSubmit={submit} noValidate aria-label={t('skipStop')}>
      <label className="field">
        <span>{t('skipReason')}</span>
        <textarea
          rows={2}
          maxLength={500}
          autoFocus
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </label>
      <p className="alert alert-offline">{t('skipConfirm', { name: label })}</p>
      <FormMessage error={error} />
      <div className="form-buttons">
        <button type="submit" className="btn btn-primary">
          {t('confirmSkip')}
        </button>
        <button type="button" className="btn" onClick={() => setOpen(false)}>
          {t('cancel')}
        </button>
      </div>
    </form>
  );
}

function TaskItem({ trip, task, open }: { trip: TDriverAppTrip; task: TDriverAppTask; open: boolean }) {
  const { t } = useI18n();
  const [completing, setCompleting] = useState(false);
  return (
    <li className={`task task-${task.status}`} aria-labelledby={`task-${task.id}`}>
      <div className="task-head">
        <span className="task-title" id={`task-${task.id}`}>
          {task.description}
        </span>
        <span className={`badge badge-task-${task.status}`}>{t(`task_${task.status}`)}</span>
      </div>
      {task.order_id && <p className="muted">{t('orderId', { id: task.order_id })}</p>}
      {task.note && (
        <p>
          <strong>{t('note')}:</strong> {task.note}
        </p>
      )}
      {task.status === 'pending' && task.client_approval && <p className="muted">{t('clientApproval')}</p>}
      {task.status === 'pending' && task.manager_approval && <p className="muted">{t('managerApproval')}</p>}
      {task.manager_approval && task.manager_approval_status && task.status === 'completed' && (
        <p
          className={`approval approval-${task.manager_approval_status}`}
          data-testid={`approval-${task.id}`}
          aria-live="polite"
        >
          {t(`approval_${task.manager_approval_status}`)}
        </p>
      )}
      {open &&
        (completing ? (
          <TaskForm trip={trip} task={task} onDone={() => setCompleting(false)} />
        ) : (
          <button type="button" className="btn btn-block" onClick={() => setCompleting(true)}>
            {t('completeTask')}
          </button>
        ))}
    </li>
  );
}

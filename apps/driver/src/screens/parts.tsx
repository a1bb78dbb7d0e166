import { useEffect, useRef, type ReactNode } from 'react';
import type { TDriverAppTrip } from '@fleet/contract';
import { useI18n } from '../App.tsx';
import type { PhotoFile } from '../outbox.ts';
import { navigate, takeFocusRequest } from '../router.ts';

/** The most photos one report or task takes (the server's limit). */
export const PHOTOS_MAX = 5;

/**
 * A screen's heading. When the driver moved here from another screen it takes the focus, so a
 * keyboard user starts from the top of the new screen and a screen reader says where they are.
 */
export function Heading({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (takeFocusRequest()) ref.current?.focus({ preventScroll: true });
  }, []);
  return (
    <h1 ref={ref} tabIndex={-1}>
      {children}
    </h1>
  );
}

/** Material icons' outlines (24 × 24, Apache 2.0), drawn inline: no icon font, nothing to load. */
const ICONS = {
  back: 'M20 11H7.83l5.59-5.59L12 4l-8 8 8 8 1.41-1.41L7.83 13H20v-2z',
  chevron: 'M10 6 8.59 7.41 13.17 12l-4.58 4.59L10 18l6-6z',
  mail: 'M20 4H4c-1.1 0-1.99.9-1.99 2L2 18c0 1.1.9 2 2 2h16c1.1 0 2-.9 2-2V6c0-1.1-.9-2-2-2zm0 14H4V8l8 5 8-5v10zm-8-7L4 6h16l-8 5z',
  logout:
    'M17 7l-1.41 1.41L18.17 11H8v2h10.17l-2.58 2.58L17 17l5-5zM4 5h8V3H4c-1.1 0-2 .9-2 2v14c0 1.1.9 2 2 2h8v-2H4V5z',
  refresh:
    'M17.65 6.35C16.2 4.9 14.21 4 12 4c-4.42 0-7.99 3.58-7.99 8s3.57 8 7.99 8c3.73 0 6.84-2.55 7.73-6h-2.08c-.82 2.33-3.04 4-5.65 4-3.31 0-6-2.69-6-6s2.69-6 6-6c1.66 0 3.14.69 4.22 1.78L13 11h7V4l-2.35 2.35z',
  fuel: 'M19.77 7.23l.01-.01-3.72-3.72L15 4.56l2.11 2.11c-.94.36-1.61 1.26-1.61 2.33 0 1.38 1.12 2.5 2.5 2.5.36 0 .69-.08 1-.21v7.21c0 .55-.45 1-1 1s-1-.45-1-1V14c0-1.1-.9-2-2-2h-1V5c0-1.1-.9-2-2-2H6c-1.1 0-2 .9-2 2v16h10v-7.5h1.5v5c0 1.38 1.12 2.5 2.5 2.5s2.5-1.12 2.5-2.5V9c0-.69-.28-1.32-.73-1.77zM12 10H6V5h6v5zm6 0c-.55 0-1-.45-1-1s.45-1 1-1 1 .45 1 1-.45 1-1 1z',
  warning: 'M12 5.99 19.53 19H4.47L12 5.99M12 2 1 21h22L12 2zm1 14h-2v2h2v-2zm0-6h-2v4h2v-4z',
  car: 'M18.92 6.01C18.72 5.42 18.16 5 17.5 5h-11c-.66 0-1.21.42-1.42 1.01L3 12v8c0 .55.45 1 1 1h1c.55 0 1-.45 1-1v-1h12v1c0 .55.45 1 1 1h1c.55 0 1-.45 1-1v-8l-2.08-5.99zM6.85 7h10.29l1.08 3.11H5.77L6.85 7zM19 17H5v-5h14v5zM7.5 13.5c.83 0 1.5.67 1.5 1.5s-.67 1.5-1.5 1.5S6 15.83 6 15s.67-1.5 1.5-1.5zm9 0c.83 0 1.5.67 1.5 1.5s-.67 1.5-1.5 1.5S15 15.83 15 15s.67-1.5 1.5-1.5z',
  navigation: 'M12 2 4.5 20.29l.71.71L12 18l6.79 3 .71-.71z',
  clock:
    'M11.99 2C6.47 2 2 6.48 2 12s4.47 10 9.99 10C17.52 22 22 17.52 22 12S17.52 2 11.99 2zM12 20c-4.42 0-8-3.58-8-8s3.58-8 8-8 8 3.58 8 8-3.58 8-8 8zm.5-13H11v6l5.25 3.15.75-1.23-4.5-2.67z',
  place:
    'M12 2C8.13 2 5 5.13 5 9c0 5.25 7 13 7 13s7-7.75 7-13c0-3.87-3.13-7-7-7zm0 9.5c-1.38 0-2.5-1.12-2.5-2.5s1.12-2.5 2.5-2.5 2.5 1.12 2.5 2.5-1.12 2.5-2.5 2.5z',
  flag: 'M14.4 6 14 4H5v17h2v-7h5.6l.4 2h7V6z',
  truck:
    'M20 8h-3V4H3c-1.1 0-2 .9-2 2v11h2c0 1.66 1.34 3 3 3s3-1.34 3-3h6c0 1.66 1.34 3 3 3s3-1.34 3-3h2v-5l-3-4zM6 18.5c-.83 0-1.5-.67-1.5-1.5s.67-1.5 1.5-1.5 1.5.67 1.5 1.5-.67 1.5-1.5 1.5zm13.5-9 1.96 2.5H17V9.5h2.5zm-1.5 9c-.83 0-1.5-.67-1.5-1.5s.67-1.5 1.5-1.5 1.5.67 1.5 1.5-.67 1.5-1.5 1.5z',
  play: 'M8 5v14l11-7z',
} as const;

/** An icon beside a label (hidden from screen readers: the label says it). `flip`: mirrored right to left. */
export function Icon({ name, flip = false }: { name: keyof typeof ICONS; flip?: boolean }) {
  return (
    <svg
      className={flip ? 'icon icon-flip' : 'icon'}
      viewBox="0 0 24 24"
      width="24"
      height="24"
      aria-hidden="true"
      focusable="false"
    >
      <path d={ICONS[name]} />
    </svg>
  );
}

/** A trip's facts under its title: when it starts (on which day, when not today), where from, and `children`. */
export function TripFacts({
  trip,
  day = null,
  children,
}: {
  trip: TDriverAppTrip;
  day?: string | null;
  children?: ReactNode;
}) {
  const { t, time } = useI18n();
  return (
    <ul className="facts">
      <li>
        <Icon name="clock" />
        {day && `${day} · `}
        {t('plannedStart', { time: time(trip.start_date) })}
      </li>
      {trip.origin && (
        <li>
          <Icon name="place" />
          {t('from', { name: trip.origin.title })}
        </li>
      )}
      {children}
    </ul>
  );
}

/** Back to Today, for the screens one level down. */
export function BackButton() {
  const { t } = useI18n();
  return (
    <button type="button" className="btn btn-text" onClick={() => navigate({ name: 'today' })}>
      <Icon name="back" flip /> {t('back')}
    </button>
  );
}

/** Photos from the camera (`capture`: the back camera on phones), at most five. */
export function PhotoPicker({
  label,
  files,
  onChange,
  name = 'photos',
}: {
  label: string;
  files: File[];
  onChange: (files: File[]) => void;
  name?: string;
}) {
  const { t } = useI18n();
  return (
    <label className="field">
      <span>
        {label} {files.length > 0 && `· ${t('photosChosen', { n: files.length })}`}
      </span>
      <input
        type="file"
        name={name}
        accept="image/*"
        capture="environment"
        multiple
        onChange={(e) => onChange([...(e.target.files ?? [])].slice(0, PHOTOS_MAX))}
      />
    </label>
  );
}

/** Chosen files as the outbox keeps them, under one form field. */
export const photoFiles = (files: File[], field = 'photos'): PhotoFile[] =>
  files.map((f) => ({ field, name: f.name, blob: f as Blob }));

/** A message under a form: an error read out at once, or a note that the report is kept. */
export function FormMessage({ error, ok }: { error?: string | null; ok?: string | null }) {
  if (error) {
    return (
      <p className="alert alert-error" role="alert">
        {error}
      </p>
    );
  }
  return ok ? (
    <p className="alert alert-ok" role="status">
      {ok}
    </p>
  ) : null;
}

import { useEffect, useRef, type ReactNode } from 'react';
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

/** Back to Today, for the screens one level down. */
export function BackButton() {
  const { t, dir } = useI18n();
  return (
    <button type="button" className="btn btn-small" onClick={() => navigate({ name: 'today' })}>
      {dir === 'rtl' ? '→' : '←'} {t('back')}
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

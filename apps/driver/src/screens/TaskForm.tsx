import { useState, type FormEvent } from 'react';
import type { TDriverAppTask, TDriverAppTrip } from '@fleet/contract';
import { useDay, useI18n } from '../App.tsx';
import type { PhotoFile } from '../outbox.ts';

/**
 * Completing a task: a note, and the photos it needs taken with the camera (`capture`): the
 * client's proof, proof for the manager (the approval then waits for the console), or both.
 */
export function TaskForm({
  trip,
  task,
  onDone,
}: {
  trip: TDriverAppTrip;
  task: TDriverAppTask;
  onDone: () => void;
}) {
  const { t } = useI18n();
  const { day } = useDay();
  const [note, setNote] = useState('');
  const [client, setClient] = useState<File[]>([]);
  const [manager, setManager] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const both = task.client_approval && task.manager_approval;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if ((task.client_approval && client.length === 0) || (task.manager_approval && manager.length === 0)) {
      setError(t('photoRequired'));
      return;
    }
    // One kind asked: the photos go as `photos`; both: each under its own name.
    const field = (kind: 'client' | 'manager') => (both ? `${kind}_photos` : 'photos');
    const photos: PhotoFile[] = [
      ...client.map((f) => ({ field: field('client'), name: f.name, blob: f as Blob })),
      ...manager.map((f) => ({ field: field('manager'), name: f.name, blob: f as Blob })),
    ];
    setBusy(true);
    await day.act(
      {
        type: 'complete',
        tripId: trip.id,
        taskId: task.id,
        clientPhotos: client.length,
        managerPhotos: manager.length,
      },
      { note: note.trim() || undefined, photos },
    );
    onDone();
  };

  const picker = (label: string, files: File[], set: (files: File[]) => void, name: string) => (
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
        onChange={(e) => set([...(e.target.files ?? [])].slice(0, 5))}
      />
    </label>
  );

  return (
    <form className="task-form" onSubmit={submit} noValidate>
      {task.client_approval && picker(t('clientPhotos'), client, setClient, 'client_photos')}
      {task.manager_approval && picker(t('managerPhotos'), manager, setManager, 'manager_photos')}
      <label className="field">
        <span>{t('yourNote')}</span>
        <textarea rows={2} maxLength={2000} value={note} onChange={(e) => setNote(e.target.value)} />
      </label>
      {error && (
        <p className="alert alert-error" role="alert">
          {error}
        </p>
      )}
      <div className="form-buttons">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {t('submit')}
        </button>
        <button type="button" className="btn" onClick={onDone} disabled={busy}>
          {t('cancel')}
        </button>
      </div>
    </form>
  );
}

import { useState, type FormEvent } from 'react';
import type { TDriverAppTask, TDriverAppTrip } from '@fleet/contract';
import { useDay, useI18n } from '../App.tsx';
import { FormMessage, PhotoPicker, photoFiles } from './parts.tsx';

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
    const photos = [...photoFiles(client, field('client')), ...photoFiles(manager, field('manager'))];
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

  return (
    <form className="task-form" onSubmit={submit} noValidate>
      {task.client_approval && (
        <PhotoPicker label={t('clientPhotos')} files={client} onChange={setClient} name="client_photos" />
      )}
      {task.manager_approval && (
        <PhotoPicker label={t('managerPhotos')} files={manager} onChange={setManager} name="manager_photos" />
      )}
      <label className="field">
        <span>{t('yourNote')}</span>
        <textarea rows={2} maxLength={2000} value={note} onChange={(e) => setNote(e.target.value)} />
      </label>
      <FormMessage error={error} />
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

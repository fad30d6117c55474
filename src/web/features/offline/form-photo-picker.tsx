import { Camera, X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { MAX_FORM_PHOTOS } from '../../../domain/forms';
import { keepPhoto } from '../../lib/offline/kept-photos';
import type { OfflineDb } from '../../lib/offline/offline-db';
import { useLive } from './use-live';

const serverPhoto = (id: string) => `/api/form-photos/${encodeURIComponent(id)}`;

/** A kept photo's picture from the phone, or the server's once it was uploaded and dropped here. */
function Thumbnail({ db, id }: { db: OfflineDb; id: string }) {
  const photo = useLive(() => db.photos.get(id), `${db.name}/${id}`, undefined);
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!photo) return;
    const local = URL.createObjectURL(photo.blob);
    setUrl(local);
    return () => URL.revokeObjectURL(local);
  }, [photo]);
  return <img src={url ?? serverPhoto(id)} alt="" className="size-20 rounded-lg object-cover" />;
}

/**
 * A home visit's photos (issue 48 item 7): taken or chosen on the phone, resized there to about
 * 1,600 px and kept with the draft, uploaded only when the form is sent.
 */
export function FormPhotoPicker({
  db,
  photoIds,
  onChange,
  disabled,
}: {
  db: OfflineDb;
  photoIds: string[];
  onChange: (ids: string[]) => void;
  disabled?: boolean;
}) {
  const inputId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const room = MAX_FORM_PHOTOS - photoIds.length;

  const add = async (files: FileList | null) => {
    if (!files?.length) return;
    setProblem(null);
    setAdding(true);
    const added: string[] = [];
    try {
      for (const file of [...files].slice(0, room)) added.push(await keepPhoto(db, file));
    } catch {
      setProblem('This photo could not be read. Try another.');
    } finally {
      setAdding(false);
      if (added.length) onChange([...photoIds, ...added]);
    }
  };

  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-800">Photos</legend>
      {photoIds.length > 0 && (
        <ul className="flex flex-wrap gap-2">
          {photoIds.map((id, index) => (
            <li key={id} className="relative">
              <Thumbnail db={db} id={id} />
              <button
                type="button"
                disabled={disabled}
                onClick={() => onChange(photoIds.filter((other) => other !== id))}
                aria-label={`Remove photo ${index + 1}`}
                className="absolute -top-2 -right-2 flex size-7 items-center justify-center rounded-full bg-white text-slate-700 shadow ring-1 ring-slate-300 hover:bg-slate-50"
              >
                <X aria-hidden="true" className="size-4" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {room > 0 && (
        <label
          htmlFor={inputId}
          className="inline-flex h-10 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 text-sm font-medium text-slate-800 shadow-sm hover:bg-slate-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary"
        >
          <Camera aria-hidden="true" className="size-4" />
          {adding ? 'Adding photo...' : 'Add photo'}
          <input
            id={inputId}
            type="file"
            accept="image/*"
            capture="environment"
            multiple
            disabled={disabled || adding}
            className="sr-only"
            onChange={(event) => {
              void add(event.target.files);
              event.target.value = '';
            }}
          />
        </label>
      )}
      {problem && <p className="text-sm text-red-700">{problem}</p>}
    </fieldset>
  );
}

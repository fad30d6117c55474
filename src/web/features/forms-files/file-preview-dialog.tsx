import { Download } from 'lucide-react';
import { useState } from 'react';
import { isPreviewable } from '../../../domain/student-files';
import { ListError } from '../../components/list';
import { Button, Dialog, Spinner } from '../../components/ui';
import { fileDownloadHref } from './forms-files.queries';
import { type FilePreview, useFilePreview } from './use-file-preview';

/**
 * View: a stored file shown in the app (an image, a PDF, or text), with Download beside it. A
 * type the browser cannot show safely here says so and offers the download instead.
 */
export function FilePreviewDialog({
  file,
  onClose,
}: {
  file: { id: string; name?: string; mime_type?: string };
  onClose: () => void;
}) {
  const [attempt, setAttempt] = useState(0);
  const preview = useFilePreview(file.id, { name: file.name, mimeType: file.mime_type }, attempt);
  const name = preview.status === 'ready' ? preview.name : (file.name ?? 'File');
  return (
    <Dialog
      open
      onOpenChange={(next) => !next && onClose()}
      title={name}
      size="xl"
      footer={
        <>
          <Button variant="secondary" asChild>
            <a href={fileDownloadHref(file.id)} download>
              <Download aria-hidden="true" className="size-4" />
              Download
            </a>
          </Button>
          <Button onClick={onClose}>Close</Button>
        </>
      }
    >
      <PreviewBody preview={preview} onRetry={() => setAttempt((n) => n + 1)} />
    </Dialog>
  );
}

function PreviewBody({ preview, onRetry }: { preview: FilePreview; onRetry: () => void }) {
  if (preview.status === 'loading')
    return (
      <div className="flex items-center justify-center gap-2 py-16 text-sm text-slate-600" aria-busy="true">
        <Spinner size="sm" />
        Loading the file...
      </div>
    );
  if (preview.status === 'error')
    return (
      <ListError
        title="The file could not be shown."
        message={preview.message}
        onRetry={onRetry}
        retrying={false}
      />
    );
  const { url, name, mimeType, text } = preview;
  if (!isPreviewable(mimeType))
    return (
      <p className="py-8 text-center text-sm text-slate-600">
        This type of file cannot be shown here. Download it to open it.
      </p>
    );
  if (mimeType.startsWith('image/'))
    return <img src={url} alt={name} className="mx-auto max-h-[70vh] max-w-full object-contain" />;
  if (text !== null)
    return (
      <pre
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a long text scrolls, and keyboards must reach it to scroll it
        tabIndex={0}
        className="max-h-[70vh] overflow-auto rounded-md bg-slate-50 p-3 text-sm whitespace-pre-wrap break-words text-slate-900"
      >
        {text}
      </pre>
    );
  return <iframe src={url} title={name} className="h-[70vh] w-full rounded-md border border-slate-200" />;
}

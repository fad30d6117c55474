import { Download, Plus, Upload } from 'lucide-react';
import { Button, PageHeader } from '../ui';

/** The words of a list page's header, kept beside the page as one constant. */
interface ListPageWords {
  title: string;
  description: string;
  importLabel: string;
  addLabel: string;
}

/**
 * A list page's title and its actions: export what the list shows (its search and filters), import
 * a CSV, add one record.
 */
export function ListPageHeader({
  title,
  description,
  importLabel,
  addLabel,
  exportHref,
  onChoose,
}: ListPageWords & {
  exportHref: string;
  /** Import or add was pressed: the page opens its dialog for it. */
  onChoose: (action: 'import' | 'add') => void;
}) {
  return (
    <PageHeader
      title={title}
      description={description}
      actions={
        <>
          <Button variant="secondary" asChild>
            <a href={exportHref} download>
              <Download aria-hidden="true" className="size-4" />
              Export CSV
            </a>
          </Button>
          <Button variant="secondary" onClick={() => onChoose('import')}>
            <Upload aria-hidden="true" className="size-4" />
            {importLabel}
          </Button>
          <Button onClick={() => onChoose('add')}>
            <Plus aria-hidden="true" className="size-4" />
            {addLabel}
          </Button>
        </>
      }
    />
  );
}

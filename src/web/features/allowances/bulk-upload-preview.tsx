import { FileSpreadsheet } from 'lucide-react';
import { Alert, Badge, Table, TBody, TD, TH, THead, TR } from '../../components/ui';
import { type BulkPreviewRow, formatFileSize } from './bulk-upload';

/** Rows listed in full; rows with errors are always listed. */
const PREVIEW_ROWS = 100;

/**
 * The chosen file row by row before anything is sent (docs/product.md D6): what each row asks,
 * its total, and the rows the upload will refuse with the reason.
 */
export function BulkUploadPreview({
  file,
  rows,
  ready,
  withErrors,
  missingColumns,
}: {
  file: File;
  rows: BulkPreviewRow[];
  ready: number;
  withErrors: number;
  missingColumns: string[];
}) {
  const visible = rows.filter((r, index) => index < PREVIEW_ROWS || r.problem !== null);
  const hidden = rows.length - visible.length;
  return (
    <section aria-label="Preview" className="space-y-3">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
        <p className="flex min-w-0 items-center gap-2 font-medium text-slate-900">
          <FileSpreadsheet aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
          <span className="truncate">{file.name}</span>
          <span className="font-normal text-slate-600">· {formatFileSize(file.size)}</span>
        </p>
        <p className="text-slate-700" data-testid="bulk-preview-counts">
          <strong>{ready}</strong> {ready === 1 ? 'row' : 'rows'} ready to upload
          {withErrors > 0 && (
            <>
              , <strong>{withErrors}</strong> with errors
            </>
          )}
        </p>
      </div>
      {missingColumns.length > 0 && (
        <p className="text-sm text-amber-800">Missing columns: {missingColumns.join(', ')}</p>
      )}
      {ready === 0 ? (
        <Alert tone="error" title="No row can be uploaded">
          Fix the rows marked Error, then choose the file again.
        </Alert>
      ) : (
        withErrors > 0 && (
          <Alert tone="info" title="Some rows have errors">
            Import the {ready} valid {ready === 1 ? 'row' : 'rows'} and leave out the rows marked Error, or
            fix them in the file and choose it again.
          </Alert>
        )
      )}
      <p className="text-xs text-slate-600">
        On upload the server also checks that each student exists and has no allowance for that month yet.
      </p>
      <div className="max-h-[22rem] overflow-auto rounded-lg border border-slate-200">
        <Table>
          <THead>
            <TR>
              <TH>Row</TH>
              <TH>Result</TH>
              <TH>Student</TH>
              <TH>Month</TH>
              <TH className="text-right">Total</TH>
            </TR>
          </THead>
          <TBody>
            {visible.map((row) => (
              <TR
                key={row.row}
                data-status={row.problem ? 'error' : 'ready'}
                className={row.problem ? 'bg-red-50/60' : undefined}
              >
                <TD className="tabular-nums">{row.row}</TD>
                <TD>
                  <div className="flex min-w-[8.5rem] flex-col items-start gap-1">
                    <Badge tone={row.problem ? 'danger' : 'success'}>{row.problem ? 'Error' : 'Ready'}</Badge>
                    {row.problem && <span className="text-xs text-slate-700">{row.problem}</span>}
                  </div>
                </TD>
                <TD className="max-w-[14rem] truncate">
                  {row.student || <span className="text-slate-400">—</span>}
                </TD>
                <TD className="whitespace-nowrap">
                  {row.period || <span className="text-slate-400">—</span>}
                </TD>
                <TD className="text-right whitespace-nowrap tabular-nums">
                  {row.total ?? <span className="text-slate-400">—</span>}
                </TD>
              </TR>
            ))}
          </TBody>
        </Table>
      </div>
      {hidden > 0 && (
        <p className="text-xs text-slate-600">
          and {hidden} more {hidden === 1 ? 'row' : 'rows'} ready to upload, not listed here
        </p>
      )}
    </section>
  );
}

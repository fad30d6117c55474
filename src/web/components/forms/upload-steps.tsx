import { type ReactNode, useEffect, useRef, useState } from 'react';
import type { UploadProgress } from '../../lib/upload';
import { Button } from '../ui';
import type { CsvUploadDialogProps } from './csv-upload-dialog';

/** A CSV upload dialog's first step: choose a file, with why the last one chosen was refused. */
export type ChooseFileStep = { kind: 'choose'; error: string | null };

/**
 * The steps of a CSV upload dialog (choose, preview, running, failed, done: `S`, which starts with
 * `ChooseFileStep`): it starts again at choose each time it opens, an upload still running is
 * aborted (`abort`) when the dialog goes, and `progress` moves the running step's bar.
 */
export function useUploadSteps<S extends { kind: string }>(
  open: boolean,
  onOpenChange: (open: boolean) => void,
) {
  // S is a union whose first member is ChooseFileStep; TypeScript cannot be told so.
  const choose = () => ({ kind: 'choose', error: null }) as ChooseFileStep as unknown as S;
  const [step, setStep] = useState<S>(choose);
  const abort = useRef<AbortController | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each opening, and only that, starts again
  useEffect(() => {
    if (open) setStep(choose());
  }, [open]);
  useEffect(() => () => abort.current?.abort(), []);
  const running = step.kind === 'running';
  // The steps between choose and done hold the file chosen and its preview.
  const chosen = step.kind === 'choose' || step.kind === 'done' ? null : (step as Extract<S, { file: File }>);
  /** The buttons under the step shown (`UploadStepsFooter`), with the dialog's own send. */
  const footer = (onClose: () => void, send: SendButton | null) => (
    <UploadStepsFooter
      kind={step.kind}
      running={running}
      onClose={onClose}
      onChooseAgain={() => setStep(choose())}
      send={send}
    />
  );
  /**
   * The running step's bar (`CsvUploadDialog`'s `progress`): the percent sent while the file goes
   * up, then `working`, what the server does with it; none at the other steps.
   */
  const runningBar = (working: string) => {
    if (!running) return null;
    const { phase } = step as Extract<S, { phase: UploadProgress }>;
    return phase.phase === 'uploading'
      ? { label: 'Uploading file...', percent: phase.percent }
      : { label: working };
  };
  /**
   * What `CsvUploadDialog` is given by the steps: closing (refused while running), the buttons
   * under the step, the file field while choosing with why the last file was refused, and the
   * running bar with `working`, what the server does once the file is up.
   */
  const dialogProps = ({
    send,
    chooser,
    working,
  }: {
    send: SendButton | null;
    chooser: Omit<NonNullable<CsvUploadDialogProps['chooser']>, 'problem'>;
    working: string;
  }) => ({
    open,
    onOpenChange,
    busy: running,
    footer: footer(() => onOpenChange(false), send),
    chooser:
      step.kind === 'choose' ? { ...chooser, problem: (step as unknown as ChooseFileStep).error } : undefined,
    progress: runningBar(working),
  });
  return {
    step,
    setStep,
    abort,
    running,
    chosen,
    dialogProps,
    progress: (phase: UploadProgress) => setStep((s) => (s.kind === 'running' ? ({ ...s, phase } as S) : s)),
  };
}

/** The dialog's own button that sends the file chosen (Import, Reconcile). */
interface SendButton {
  label: ReactNode;
  loadingText: string;
  disabled: boolean;
  onClick: () => void;
}

/**
 * The buttons under each step: Cancel while choosing, Done once sent, otherwise Choose another
 * file and the dialog's own send button (Import, Reconcile).
 */
export function UploadStepsFooter({
  kind,
  running,
  onClose,
  onChooseAgain,
  send,
}: {
  kind: string;
  running: boolean;
  onClose: () => void;
  onChooseAgain: () => void;
  send: SendButton | null;
}) {
  if (kind === 'choose')
    return (
      <Button variant="secondary" onClick={onClose}>
        Cancel
      </Button>
    );
  if (kind === 'done' || !send) return <Button onClick={onClose}>Done</Button>;
  return (
    <>
      <Button variant="secondary" disabled={running} onClick={onChooseAgain}>
        Choose another file
      </Button>
      <Button
        disabled={send.disabled}
        loading={running}
        loadingText={send.loadingText}
        onClick={send.onClick}
      >
        {send.label}
      </Button>
    </>
  );
}

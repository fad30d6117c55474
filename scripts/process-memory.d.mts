export interface ProcessMemory {
  pid: number;
  command: string;
  rssMiB: number;
  hwmMiB: number;
  pssMiB: number;
}
export function descendants(rootPid: number): number[];
export function processMemory(pid: number): ProcessMemory | null;
export function treeMemory(rootPid: number): {
  processes: ProcessMemory[];
  rssMiB: number;
  pssMiB: number;
};

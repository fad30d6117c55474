// Resident memory of a process and everything under it, read from /proc (Linux only). Used by
// `scripts/memory-at-rest.mjs` and by benches that report what the start command holds at peak.
import { readdirSync, readFileSync } from 'node:fs';

const KIB = 1024;

/** The ids of a process's children, grandchildren… found through each process's parent id. */
export function descendants(rootPid) {
  const parentOf = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readOrNull(`/proc/${entry}/stat`);
    // The name in parentheses may hold spaces or ')': the fields after its last ')' are safe.
    if (stat) parentOf.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
  }
  const found = [];
  const queue = [rootPid];
  while (queue.length) {
    const parent = queue.shift();
    for (const [pid, ppid] of parentOf) {
      if (ppid === parent) {
        found.push(pid);
        queue.push(pid);
      }
    }
  }
  return found;
}

/**
 * VmRSS counts every page a process maps, shared ones (Node's code, under both a parent and its
 * child) in each; PSS shares them out, so the PSS of a tree is what it costs the machine.
 */
export function processMemory(pid) {
  const status = readOrNull(`/proc/${pid}/status`);
  if (!status) return null;
  const rollup = readOrNull(`/proc/${pid}/smaps_rollup`) ?? '';
  const cmdline = (readOrNull(`/proc/${pid}/cmdline`) ?? '').split('\0').filter(Boolean).join(' ');
  return {
    pid,
    command: cmdline || field(status, 'Name', false),
    rssMiB: field(status, 'VmRSS') / KIB,
    hwmMiB: field(status, 'VmHWM') / KIB,
    pssMiB: field(rollup, 'Pss') / KIB,
  };
}

/** Each live process of the tree rooted at `rootPid`, the root first, with the totals. */
export function treeMemory(rootPid) {
  const processes = [rootPid, ...descendants(rootPid)].map(processMemory).filter(Boolean);
  const sum = (key) => processes.reduce((total, p) => total + p[key], 0);
  return { processes, rssMiB: sum('rssMiB'), pssMiB: sum('pssMiB') };
}

function field(text, name, numeric = true) {
  const match = new RegExp(`^${name}:\\s*(.*)$`, 'm').exec(text);
  if (!numeric) return match?.[1].trim() ?? '';
  return match ? Number.parseInt(match[1], 10) : 0;
}

function readOrNull(file) {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

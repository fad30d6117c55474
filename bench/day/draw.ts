/** Random picks from the seeded world for the day's actions, and the pools its writes take from. */
import { MONTHS } from '../../src/domain/dates';
import { type Action, MIX, type Who } from './mix';
import type { Account } from './people';
import type { DayWorld } from './world';

export class Draw {
  private submitted = 0;
  private registered = 0;
  constructor(
    readonly world: DayWorld,
    readonly random: () => number = Math.random,
  ) {}
  int(n: number): number {
    return Math.floor(this.random() * n);
  }
  pick<T>(list: readonly T[]): T {
    return list[this.int(list.length)]!;
  }
  officer(): Account {
    return this.pick(this.world.people.officers);
  }
  /** A staff member who sees every student (deputy manager or admin) or an officer with their caseload. */
  staff(): Account {
    const p = this.world.people;
    const r = this.random();
    return r < 0.75 ? this.officer() : r < 0.9 ? this.pick(p.deputyManagers) : this.pick(p.admins);
  }
  reader(): Account {
    return this.pick(this.world.people.readers);
  }
  /** One of this officer's own students. */
  studentOf(officer: Account) {
    if (!this.caseloads) {
      this.caseloads = this.world.people.officers.map(() => []);
      for (const s of this.world.students) this.caseloads[s.officer]!.push(s);
    }
    return this.pick(this.caseloads[this.world.people.officers.indexOf(officer)]!);
  }
  private caseloads?: DayWorld['students'][];
  /** 3 to 6 characters from anywhere in a random student's name or CHL number. */
  term(): string {
    const s = this.pick(this.world.students);
    const text = this.random() < 0.7 ? s.name : s.chl;
    const length = 3 + this.int(4);
    const start = this.int(Math.max(1, text.length - length));
    return text.slice(start, start + length).trim() || text.slice(0, 3);
  }
  /** The next waiting allowance at a stage (each decided once); undefined when none is left. */
  waiting(stage: keyof DayWorld['waiting'], n = 1): string[] {
    return this.world.waiting[stage].splice(0, n);
  }
  /** A student and month with no allowance yet, in the year the load submits into. */
  nextSubmission() {
    const k = this.submitted++;
    const s = this.world.students[k % this.world.students.length]!;
    return { student: s, month: MONTHS[Math.floor(k / this.world.students.length) % 12]! };
  }
  /** A reader and an open event they have not registered for. */
  nextRegistration() {
    const k = this.registered++;
    const { readers } = this.world.people;
    const events = this.world.openEventIds;
    return {
      reader: readers[k % readers.length]!,
      eventId: events[Math.floor(k / readers.length) % events.length]!,
    };
  }
}

/** Picks actions in proportion to their weights. */
export function weightedPicker(actions: readonly Action[], random: () => number = Math.random) {
  const total = actions.reduce((sum, a) => sum + a.weight, 0);
  return () => {
    let x = random() * total;
    for (const a of actions) {
      x -= a.weight;
      if (x < 0) return a;
    }
    return actions.at(-1)!;
  };
}

/** People a rate of actions stands for: a staff member acts every 10 s, a student every 30 s. */
export function peopleAt(rate: number, actions: readonly Action[] = MIX) {
  const total = actions.reduce((sum, a) => sum + a.weight, 0);
  const share = (who: Who) => actions.filter((a) => a.who === who).reduce((s, a) => s + a.weight, 0) / total;
  return { staff: Math.round(rate * share('staff') * 10), readers: Math.round(rate * share('reader') * 30) };
}

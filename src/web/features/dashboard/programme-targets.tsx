import { Card, CardBody, CardHeader } from '../../components/ui';
import { PROGRAMME_TARGETS } from './role-subtitle';

/** Admin-only panel of the spec's performance figures, labelled as targets (they are not live data). */
export function ProgrammeTargets() {
  return (
    <Card>
      <CardHeader
        title="Programme targets"
        description="Goals the programme works towards. These are not live figures."
      />
      <CardBody>
        <ul className="grid gap-5 sm:grid-cols-2 xl:grid-cols-4">
          {PROGRAMME_TARGETS.map((target) => (
            <li key={target.label}>
              <div className="flex items-baseline justify-between gap-2">
                <span className="text-sm text-slate-700">{target.label}</span>
                <span className="text-sm font-semibold text-slate-900 tabular-nums">{target.value}%</span>
              </div>
              <div aria-hidden="true" className="mt-2 h-2 overflow-hidden rounded-full bg-slate-100">
                <div className="h-full rounded-full bg-primary" style={{ width: `${target.value}%` }} />
              </div>
            </li>
          ))}
        </ul>
      </CardBody>
    </Card>
  );
}

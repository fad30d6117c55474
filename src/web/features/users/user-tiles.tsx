import { GraduationCap, Shield, UserCheck, UserCog, UserRoundCheck, UserX } from 'lucide-react';
import type { UserListResponse } from '../../../contracts/users';
import type { Role } from '../../../domain/roles';
import type { UserStatus } from '../../../domain/users';
import { StatCard, type StatTone } from '../../components/ui';

type Counts = UserListResponse['counts'];

type Tile = { label: string; count: keyof Counts; icon: typeof Shield; tone: StatTone } & (
  | { role: Role }
  | { status: UserStatus }
);

const TILES: Tile[] = [
  { label: 'Admins', count: 'admins', icon: Shield, tone: 'rose', role: 'admin' },
  { label: 'Officers', count: 'officers', icon: UserCheck, tone: 'emerald', role: 'program_officer' },
  { label: 'Managers', count: 'managers', icon: UserCog, tone: 'sky', role: 'deputy_manager' },
  { label: 'Students', count: 'students', icon: GraduationCap, tone: 'amber', role: 'student' },
  { label: 'Active', count: 'active', icon: UserRoundCheck, tone: 'emerald', status: 'active' },
  { label: 'Inactive', count: 'inactive', icon: UserX, tone: 'slate', status: 'inactive' },
];

/**
 * The six tiles, counted over every account. Pressing one filters the list by its role or status;
 * pressing it again clears that filter.
 */
export function UserTiles({
  counts,
  role,
  status,
  onFilter,
}: {
  counts: Counts | undefined;
  role: string;
  status: string;
  onFilter: (change: { role: Role | '' } | { status: UserStatus | '' }) => void;
}) {
  return (
    <section
      aria-label="Users by role and status"
      className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-6"
    >
      {TILES.map((tile) => {
        const selected = 'role' in tile ? role === tile.role : status === tile.status;
        return (
          <StatCard
            key={tile.label}
            label={tile.label}
            value={counts?.[tile.count] ?? 0}
            icon={tile.icon}
            tone={tile.tone}
            loading={!counts}
            selected={selected}
            onClick={() =>
              onFilter(
                'role' in tile
                  ? { role: selected ? '' : tile.role }
                  : { status: selected ? '' : tile.status },
              )
            }
          />
        );
      })}
    </section>
  );
}

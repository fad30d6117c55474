import { MapPin, Pencil, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Institution, Landlord } from '../../../contracts/corporate';
import { leaseLabel, mouLabel } from '../../../domain/corporate';
import { Badge, Button } from '../../components/ui';

interface CardActions {
  onEdit: () => void;
  onDelete: () => void;
}

export function LandlordCard({ landlord: l, ...actions }: { landlord: Landlord } & CardActions) {
  return (
    <PartnerCard
      title={l.name}
      subtitle={l.boarding_house_name}
      badge={
        <Badge tone={l.lease_agreement_signed ? 'success' : 'warning'}>
          {leaseLabel(l.lease_agreement_signed)}
        </Badge>
      }
      details={[
        ['Cell', l.cell_line],
        ['Landline', l.landline],
        ['Email', l.email],
        ['Address', l.address],
      ]}
      students={{
        recorded: l.total_students,
        linked: l.linked_students,
        href: `/students?landlord_id=${l.id}`,
      }}
      comments={l.comments}
      mapUrl={l.map_url}
      {...actions}
    />
  );
}

export function InstitutionCard({ institution: i, ...actions }: { institution: Institution } & CardActions) {
  return (
    <PartnerCard
      title={i.institution_name}
      subtitle={[i.department, [i.liaison_name, i.liaison_role].filter(Boolean).join(', ')]
        .filter(Boolean)
        .join(' · ')}
      badge={<Badge tone={i.mou_signed ? 'success' : 'warning'}>{mouLabel(i.mou_signed)}</Badge>}
      details={[
        ['Cell', i.cell_line],
        ['Direct line', i.institution_direct_line],
        ['Liaison email', i.liaison_email],
        ['Institution email', i.institution_email],
      ]}
      students={{ linked: i.linked_students, href: `/students?institution_id=${i.id}` }}
      comments={i.comments}
      mapUrl={i.map_url}
      {...actions}
    />
  );
}

/** One partner's card: who, the signed state, how to reach them, the students, comments (2 lines), map, edit, delete. */
function PartnerCard({
  title,
  subtitle,
  badge,
  details,
  students,
  comments,
  mapUrl,
  onEdit,
  onDelete,
}: {
  title: string;
  subtitle: string;
  badge: ReactNode;
  details: Array<[string, string | null | undefined]>;
  students: { recorded?: number; linked: number; href: string };
  comments: string | null | undefined;
  mapUrl: string | null;
} & CardActions) {
  const shown = details.filter(([, value]) => value);
  return (
    <article
      aria-label={title}
      className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="flex items-start gap-3">
        <div className="min-w-0 flex-1">
          <h3 className="truncate text-base font-semibold text-slate-900">{title}</h3>
          {subtitle && <p className="truncate text-sm text-slate-600">{subtitle}</p>}
        </div>
        <div className="flex shrink-0 items-center gap-1">
          <Button variant="ghost" size="icon" aria-label={`Edit ${title}`} title="Edit" onClick={onEdit}>
            <Pencil aria-hidden="true" className="size-4" />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Delete ${title}`}
            title="Delete"
            className="text-red-600 hover:bg-red-50 hover:text-red-700"
            onClick={onDelete}
          >
            <Trash2 aria-hidden="true" className="size-4" />
          </Button>
        </div>
      </div>
      <div className="mt-2">{badge}</div>
      {shown.length > 0 && (
        <dl className="mt-3 space-y-1 text-sm">
          {shown.map(([label, value]) => (
            <div key={label} className="flex gap-2">
              <dt className="shrink-0 text-slate-500">{label}:</dt>
              <dd className="min-w-0 break-words text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
      )}
      <p className="mt-3 text-sm text-slate-700">
        {students.recorded !== undefined && <>{students.recorded} students on record · </>}
        <Link
          to={students.href}
          className="font-medium text-primary hover:underline focus-visible:outline-2 focus-visible:outline-primary"
        >
          {students.linked} linked {students.linked === 1 ? 'student' : 'students'}
        </Link>
      </p>
      {comments && (
        <p className="mt-2 line-clamp-2 text-sm text-slate-600" title={comments}>
          {comments}
        </p>
      )}
      {mapUrl && (
        <div className="mt-auto pt-3">
          <a
            href={mapUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline focus-visible:outline-2 focus-visible:outline-primary"
          >
            <MapPin aria-hidden="true" className="size-4" />
            View Map
            <span className="sr-only"> of {title} (opens in a new tab)</span>
          </a>
        </div>
      )}
    </article>
  );
}

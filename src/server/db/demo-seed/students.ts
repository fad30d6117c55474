import { lusakaDate } from '../../../domain/dates';
import { toMoneyString } from '../../../domain/money';
import type {
  AcademicStanding,
  AccommodationType,
  LaptopPlan,
  ProgramLevel,
  ProgramStatus,
} from '../../../domain/students';
import { fullName } from '../../../domain/students';
import type { DbOrTx } from '../client';
import { activities, students } from '../schema';
import { DEMO_ACCOUNTS } from './accounts';

/**
 * Demo students (docs/product.md D10): realistic Zambian students in all three categories and all five
 * statuses, split between PO001 and PO002, deterministic (same seed, same world), plus Natasha
 * Banda, a graduate whose email is the STU001 account's. Tests and the benchmark build from the
 * same factory, so demo data and tests describe the same world.
 */

export type NewStudentRow = typeof students.$inferInsert;

export interface DemoOfficer {
  id: string;
  name: string;
}
export interface DemoOfficers {
  PO001: DemoOfficer;
  PO002: DemoOfficer;
}

export const DEMO_STUDENT_COUNT = 120;
/** STU001's email: the graduated student the student account belongs to. */
export const DEMO_GRADUATE_EMAIL = DEMO_ACCOUNTS.find((a) => a.staffId === 'STU001')!.email;

/** Picks PO001 and PO002 out of the accounts just inserted (or read back in a test). */
export function demoOfficersFrom(
  accounts: Array<{ id: string; staffId: string | null; name: string }>,
): DemoOfficers {
  const find = (staffId: string) => {
    const account = accounts.find((a) => a.staffId === staffId);
    if (!account) throw new Error(`Demo account ${staffId} is missing`);
    return { id: account.id, name: account.name };
  };
  return { PO001: find('PO001'), PO002: find('PO002') };
}

/** A small seeded generator (mulberry32): the same seed always gives the same students. */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const chance = (p: number) => next() < p;
  return { next, int, pick, chance };
}
type Random = ReturnType<typeof seededRandom>;

const FEMALE_NAMES = [
  'Mwila',
  'Chilufya',
  'Mwape',
  'Bupe',
  'Chipo',
  'Grace',
  'Esther',
  'Ruth',
  'Mutinta',
  'Thandiwe',
  'Namukolo',
  'Mercy',
  'Precious',
  'Loveness',
  'Memory',
  'Chileshe',
  'Towela',
  'Luyando',
  'Musonda',
  'Kasonde',
  'Nalishebo',
  'Inonge',
  'Mapalo',
  'Taonga',
  'Faith',
  'Agness',
  'Beatrice',
  'Charity',
] as const;
const MALE_NAMES = [
  'Bwalya',
  'Joseph',
  'Peter',
  'Mwansa',
  'Chanda',
  'Kondwani',
  'Chisomo',
  'Mubanga',
  'Kelvin',
  'Brian',
  'Emmanuel',
  'Moses',
  'Lubinda',
  'Chola',
  'Mutale',
  'Daliso',
  'Kalenga',
  'Lweendo',
  'Hamoonga',
  'Chikondi',
  'Mwenya',
  'Nathan',
  'Isaac',
  'Mapenzi',
  'Kafula',
  'Luka',
] as const;
const LAST_NAMES = [
  'Chanda',
  'Mwape',
  'Mulenga',
  'Banda',
  'Phiri',
  'Tembo',
  'Zulu',
  'Mwale',
  'Lungu',
  'Sakala',
  'Mumba',
  'Kabwe',
  'Mwansa',
  'Bwalya',
  'Ngoma',
  'Daka',
  'Nyirenda',
  'Musonda',
  'Kapambwe',
  'Sichone',
  'Simwinga',
  'Hamukoma',
  'Mutale',
  'Chileshe',
  'Mbewe',
  'Siame',
  'Njobvu',
  'Kalaba',
  'Chisenga',
  'Mweemba',
] as const;
const COMMUNITIES = [
  'Kalingalinga',
  'Matero',
  'Chipata Compound',
  'Kanyama',
  'George',
  'Mtendere',
  'Chawama',
  'Misisi',
  'Garden',
  'Bauleni',
  'Kabwata',
  'Chilenje',
  "Ng'ombe",
  'Mandevu',
  'Chaisa',
] as const;
const RELATIONSHIPS = ['Mother', 'Father', 'Aunt', 'Uncle', 'Grandmother', 'Older brother', 'Older sister'];
const PAYMENT_METHODS = ['Bank transfer', 'Mobile money (Airtel)', 'Mobile money (MTN)', 'Cash at office'];

interface Institution {
  name: string;
  short: string;
  location: string;
  programmes: ReadonlyArray<{ name: string; area: string; years: number }>;
}
const UNIVERSITIES: Institution[] = [
  {
    name: 'University of Zambia',
    short: 'UNZA',
    location: 'Great East Road, Lusaka',
    programmes: [
      { name: 'BSc Computer Science', area: 'Computer Science', years: 4 },
      { name: 'Bachelor of Laws', area: 'Law', years: 4 },
      { name: 'BSc Nursing', area: 'Nursing', years: 4 },
      { name: 'Bachelor of Social Work', area: 'Social Work', years: 4 },
      { name: 'Bachelor of Medicine and Surgery', area: 'Medicine', years: 7 },
    ],
  },
  {
    name: 'Copperbelt University',
    short: 'CBU',
    location: 'Jambo Drive, Kitwe',
    programmes: [
      { name: 'BEng Mining Engineering', area: 'Mining Engineering', years: 5 },
      { name: 'Bachelor of Accountancy', area: 'Accountancy', years: 4 },
      { name: 'BEng Electrical Engineering', area: 'Electrical Engineering', years: 5 },
    ],
  },
  {
    name: 'Mulungushi University',
    short: 'MU',
    location: 'Great North Road, Kabwe',
    programmes: [
      { name: 'Bachelor of Education (Mathematics)', area: 'Education', years: 4 },
      { name: 'BSc Agricultural Sciences', area: 'Agriculture', years: 4 },
      { name: 'Bachelor of Business Administration', area: 'Business', years: 4 },
    ],
  },
  {
    name: 'Kwame Nkrumah University',
    short: 'KNU',
    location: 'Kabwe',
    programmes: [{ name: 'Bachelor of Education (English)', area: 'Education', years: 4 }],
  },
];
const COLLEGES: Institution[] = [
  {
    name: 'Evelyn Hone College',
    short: 'EHC',
    location: 'Church Road, Lusaka',
    programmes: [
      { name: 'Diploma in Journalism', area: 'Journalism', years: 3 },
      { name: 'Diploma in Accounting', area: 'Accounting', years: 3 },
    ],
  },
  {
    name: 'Northern Technical College',
    short: 'NORTEC',
    location: 'Ndola',
    programmes: [
      { name: 'Diploma in Electrical Engineering', area: 'Electrical Engineering', years: 3 },
      { name: 'Diploma in Automotive Engineering', area: 'Automotive Engineering', years: 3 },
    ],
  },
  {
    name: 'Chainama College of Health Sciences',
    short: 'CCHS',
    location: 'Great East Road, Lusaka',
    programmes: [
      { name: 'Diploma in Clinical Medicine', area: 'Clinical Medicine', years: 3 },
      { name: 'Diploma in Mental Health Nursing', area: 'Mental Health Nursing', years: 3 },
    ],
  },
  {
    name: 'Lusaka Business and Technical College',
    short: 'LBTC',
    location: 'Lusaka',
    programmes: [{ name: 'Diploma in Information Technology', area: 'Information Technology', years: 3 }],
  },
];

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const phone = (r: Random) => `+260${r.pick(['97', '96', '95'])}${r.int(1_000_000, 9_999_999)}`;

export interface BuildStudentsOptions {
  /** How many students (the benchmark asks for tens of thousands). */
  count?: number;
  seed?: number;
  /** Add Natasha Banda, the graduate behind the STU001 account (the demo world has her). */
  includeGraduate?: boolean;
}

/** The demo students as rows to insert; with a larger count, a bigger world of the same kind. */
export function buildDemoStudents(
  officers: DemoOfficers,
  now: Date,
  options: BuildStudentsOptions = {},
): NewStudentRow[] {
  const { count = DEMO_STUDENT_COUNT, seed = 2026, includeGraduate = true } = options;
  const r = seededRandom(seed);
  const today = lusakaDate(now);
  const thisYear = Number(today.slice(0, 4));
  const perYear = new Map<number, number>();
  const usedEmails = new Set<string>([DEMO_GRADUATE_EMAIL]);
  const rows: NewStudentRow[] = [];
  const chlFor = (year: number) => {
    const n = (perYear.get(year) ?? 0) + 1;
    perYear.set(year, n);
    return `CHL-${year}-${pad(n, 3)}`;
  };
  let nrcSeq = 0;
  // A bijection on 6-digit numbers, so NRC numbers never repeat and do not look sequential.
  const nrc = () => `${((nrcSeq++ * 7919 + 123_457) % 900_000) + 100_000}/${pad(r.int(10, 99))}/1`;

  if (includeGraduate) {
    rows.push(natashaBanda(officers, now, chlFor(thisYear - 5), nrc()));
  }

  for (let i = rows.length; i < count; i++) {
    const female = r.chance(0.55);
    const first = r.pick(female ? FEMALE_NAMES : MALE_NAMES);
    const last = r.pick(LAST_NAMES);
    const level: ProgramLevel = r.pick([
      'university',
      'university',
      'university',
      'diploma',
      'diploma',
      'launch_year',
    ]);
    const institution =
      level === 'university' ? r.pick(UNIVERSITIES) : level === 'diploma' ? r.pick(COLLEGES) : null;
    const programme = institution
      ? r.pick(institution.programmes)
      : { name: 'Launch Year', area: 'Foundation', years: 1 };
    let startYear = level === 'launch_year' ? thisYear - r.int(0, 1) : thisYear - r.int(0, 6);
    const status = pickStatus(r, level, thisYear - startYear, i);
    // A graduate has finished the programme; nobody starts in the future.
    if (status === 'graduated') startYear = Math.min(startYear, thisYear - programme.years - r.int(0, 1));
    else if (startYear + programme.years < thisYear) startYear = thisYear - r.int(0, programme.years - 1);
    let startDate = `${startYear}-${pad(r.pick([1, 2, 3, 8, 9]))}-${pad(r.int(1, 28))}`;
    if (startDate > today) {
      startYear -= 1;
      startDate = `${startYear}${startDate.slice(4)}`;
    }
    const expectedEnd = `${startYear + programme.years}-${pad(r.pick([6, 7, 11, 12]))}-${pad(r.int(1, 28))}`;
    const birthYear = startYear - r.int(18, 21);
    const community = r.pick(COMMUNITIES);
    const complete = r.chance(0.85);
    const gpa = level === 'launch_year' ? null : (r.int(200, 395) / 100).toFixed(2);
    const officer = r.chance(0.5) ? officers.PO001 : officers.PO002;

    let email = `${first}.${last}`.toLowerCase().replace(/[^a-z.]/g, '');
    if (usedEmails.has(email)) email = `${email}${i}`;
    usedEmails.add(email);

    const createdAt = createdAtFor(startDate, now, i);
    const row: NewStudentRow = {
      firstName: first,
      lastName: last,
      fullName: fullName(first, last),
      email: `${email}@students.chl.org.zm`,
      contactNumber: phone(r),
      community,
      programLevel: level,
      programStatus: status,
      academicStanding: standingFor(gpa, r),
      institutionName: institution?.name ?? null,
      currentProgram: programme.name,
      assignedOfficerId: officer.id,
      overallGpa: gpa,
      chlNumber: chlFor(startYear),
      gender: female ? 'female' : r.chance(0.97) ? 'male' : 'other',
      dateOfBirth: `${birthYear}-${pad(r.int(1, 12))}-${pad(r.int(1, 28))}`,
      nrcNumber: complete ? nrc() : null,
      startDate,
      expectedEndDate: expectedEnd,
      createdAt,
      updatedAt: createdAt,
    };
    if (complete)
      Object.assign(
        row,
        completeProfile(r, { level, institution, programme, last, community, startYear, i }),
      );
    rows.push(row);
  }
  return rows;
}

function pickStatus(r: Random, level: ProgramLevel, yearsIn: number, i: number): ProgramStatus {
  // Every status appears in the first few students, whatever the seed.
  const guaranteed: ProgramStatus[] = ['enrolled', 'graduated', 'discharged', 'suspended', 'transferred'];
  if (i < guaranteed.length) return guaranteed[i]!;
  if (level !== 'launch_year' && yearsIn >= 4 && r.chance(0.6)) return 'graduated';
  const roll = r.next();
  if (roll < 0.84) return 'enrolled';
  if (roll < 0.9) return 'suspended';
  if (roll < 0.95) return 'transferred';
  return 'discharged';
}

function standingFor(gpa: string | null, r: Random): AcademicStanding {
  if (gpa === null) return r.pick(['good', 'good', 'excellent']);
  const value = Number(gpa);
  if (value >= 3.5) return 'excellent';
  if (value >= 2.5) return 'good';
  if (value >= 2.2) return 'warning';
  return 'probation';
}

/** Enrolment day at 08:00 in Lusaka, never in the future; the index spreads students apart. */
function createdAtFor(startDate: string, now: Date, i: number): Date {
  const at = new Date(`${startDate}T08:00:00+02:00`);
  at.setTime(at.getTime() + (i % 600) * 60_000);
  return at > now ? new Date(now.getTime() - (i + 1) * 60_000) : at;
}

function completeProfile(
  r: Random,
  s: {
    level: ProgramLevel;
    institution: Institution | null;
    programme: { name: string; area: string; years: number };
    last: string;
    community: string;
    startYear: number;
    i: number;
  },
): Partial<NewStudentRow> {
  const guardianFirst = r.pick([...FEMALE_NAMES, ...MALE_NAMES]);
  const accommodation: AccommodationType =
    s.level === 'launch_year'
      ? 'other'
      : r.pick(['institution_hostel', 'boarding_house', 'boarding_house', 'self_paying']);
  const paysRent = accommodation === 'boarding_house' || accommodation === 'institution_hostel';
  const laptop: LaptopPlan =
    s.level === 'launch_year' ? 'none' : r.pick(['none', 'rent_to_return', 'rent_to_own']);
  const landlord = `${r.pick(['Mr', 'Mrs', 'Ms'])} ${r.pick(LAST_NAMES)}`;
  return {
    schoolIdNumber: s.institution
      ? `${s.institution.short}/${s.startYear}/${pad(r.int(1000, 99999), 5)}`
      : null,
    guardianFullName: `${guardianFirst} ${s.last}`,
    guardianCommunity: r.chance(0.8) ? s.community : r.pick(COMMUNITIES),
    guardianContactNumber: phone(r),
    guardianRelationship: r.pick(RELATIONSHIPS),
    institutionLocation: s.institution?.location ?? 'CHL Learning Centre, Lusaka',
    areaOfStudy: s.programme.area,
    programLength: `${s.programme.years} ${s.programme.years === 1 ? 'year' : 'years'}`,
    accommodationType: accommodation,
    accommodationMonthlyRent: paysRent ? toMoneyString(BigInt(r.int(8, 25) * 100) * 100n) : null,
    accommodationPaymentMethod: paysRent ? r.pick(PAYMENT_METHODS) : null,
    accommodationAddress:
      accommodation === 'boarding_house'
        ? `Plot ${r.int(10, 999)}, ${r.pick(['Kalundu', 'Chudleigh', 'Roma', 'Parklands', 'Riverside'])}`
        : accommodation === 'institution_hostel'
          ? `${s.institution?.short ?? 'Campus'} hostels, ${s.institution?.location ?? ''}`.replace(/, $/, '')
          : null,
    accommodationLandlordName: accommodation === 'boarding_house' ? landlord : null,
    accommodationLandlordContact: accommodation === 'boarding_house' ? phone(r) : null,
    laptopPlan: laptop,
    laptopSerialNumber: laptop === 'none' ? null : `5CD${r.int(1000, 9999)}${pad(s.i % 1000, 3)}X`,
    laptopMonthlyDeduction:
      laptop === 'rent_to_own' ? toMoneyString(BigInt(r.int(15, 35) * 10) * 100n) : null,
    laptopInspectionDate:
      laptop === 'rent_to_return' ? `${s.startYear}-${pad(r.int(3, 6))}-${pad(r.int(1, 28))}` : null,
    laptopSubmissionDate:
      laptop === 'rent_to_return' ? `${s.startYear}-${pad(r.int(7, 11))}-${pad(r.int(1, 28))}` : null,
    laptopCollectionDate:
      laptop === 'rent_to_return' ? `${s.startYear}-${pad(r.int(1, 2))}-${pad(r.int(1, 28))}` : null,
    programNotes: r.pick([
      'Attends the monthly mentorship sessions.',
      'Strong in mathematics; tutors younger students at the learning centre.',
      'Home visit done this term; family supportive.',
      'Needs follow-up on fees balance with the institution.',
      'Member of the student leadership committee.',
      null,
    ]),
  };
}

function natashaBanda(officers: DemoOfficers, now: Date, chl: string, nrc: string): NewStudentRow {
  const thisYear = Number(lusakaDate(now).slice(0, 4));
  const start = `${thisYear - 5}-08-16`;
  const createdAt = createdAtFor(start, now, 0);
  return {
    firstName: 'Natasha',
    lastName: 'Banda',
    fullName: 'Natasha Banda',
    email: DEMO_GRADUATE_EMAIL,
    contactNumber: '+260977123456',
    community: 'Kalingalinga',
    programLevel: 'university',
    programStatus: 'graduated',
    academicStanding: 'excellent',
    institutionName: 'University of Zambia',
    currentProgram: 'BSc Nursing',
    assignedOfficerId: officers.PO001.id,
    overallGpa: '3.72',
    chlNumber: chl,
    gender: 'female',
    dateOfBirth: `${thisYear - 24}-04-09`,
    nrcNumber: nrc,
    schoolIdNumber: `UNZA/${thisYear - 5}/20417`,
    programNotes: 'Graduated with merit. Now mentors first-year students in the programme.',
    guardianFullName: 'Agness Banda',
    guardianCommunity: 'Kalingalinga',
    guardianContactNumber: '+260966234567',
    guardianRelationship: 'Mother',
    institutionLocation: 'Great East Road, Lusaka',
    areaOfStudy: 'Nursing',
    programLength: '5 years',
    startDate: start,
    // This year's class: her entry waits in this year's yearbook (demo-seed/yearbook.ts).
    expectedEndDate: `${thisYear}-07-31`,
    accommodationType: 'institution_hostel',
    accommodationMonthlyRent: '1200.00',
    accommodationPaymentMethod: 'Bank transfer',
    accommodationAddress: 'UNZA hostels, Great East Road, Lusaka',
    laptopPlan: 'rent_to_own',
    laptopSerialNumber: '5CD1234567X',
    laptopMonthlyDeduction: '250.00',
    createdAt,
    updatedAt: createdAt,
  };
}

/** Inserts the demo students and the recent activity of the newest ones, in the caller's transaction. */
export async function seedDemoStudents(
  tx: DbOrTx,
  officers: DemoOfficers,
  now: Date,
): Promise<Array<{ id: string; fullName: string; assignedOfficerId: string | null }>> {
  const rows = buildDemoStudents(officers, now);
  const inserted = await tx.insert(students).values(rows).returning({
    id: students.id,
    fullName: students.fullName,
    assignedOfficerId: students.assignedOfficerId,
    createdAt: students.createdAt,
  });
  const byId = new Map([officers.PO001, officers.PO002].map((o) => [o.id, o]));
  const recent = [...inserted].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()).slice(0, 8);
  if (recent.length > 0) {
    await tx.insert(activities).values(
      recent.map((s) => {
        const officer = byId.get(s.assignedOfficerId ?? '');
        return {
          actorId: officer?.id ?? null,
          actorName: officer?.name ?? 'System',
          officerId: s.assignedOfficerId,
          entityType: 'student' as const,
          entityId: s.id,
          action: 'student.created',
          summary: `${officer?.name ?? 'System'} added ${s.fullName}`,
          createdAt: s.createdAt,
        };
      }),
    );
  }
  return inserted;
}

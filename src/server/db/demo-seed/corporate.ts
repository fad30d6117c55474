import { sql } from 'drizzle-orm';
import type { Tx } from '../client';
import { institutions, landlords } from '../schema';

/*
 * Demo Corporate Collaborations (docs/product.md D10): landlords of boarding houses in Lusaka,
 * Kitwe and Ndola, and one institution record for each institution the demo students attend, with
 * the students linked to them.
 */

const DEMO_LANDLORDS = [
  ['Mwape Banda', 'Kalundu Student Lodge', 'Plot 214, Kalundu, Lusaka', '-15.3936, 28.3270', true, 14],
  [
    'Esther Phiri',
    'Chudleigh Boarding House',
    '12 Ngwee Road, Chudleigh, Lusaka',
    '-15.3952, 28.3175',
    true,
    9,
  ],
  ['Joseph Mumba', 'Roma Park Residence', 'Plot 77, Roma, Lusaka', '-15.3800, 28.3190', false, 11],
  ['Grace Lungu', 'Riverside Lodge', '4 Chiwala Avenue, Riverside, Kitwe', '-12.8024, 28.2132', true, 8],
  ['Peter Chanda', 'Parklands Hostel', 'Plot 31, Parklands, Kitwe', '-12.8100, 28.2400', false, 6],
  [
    'Mary Tembo',
    'Kansenshi Boarding House',
    '9 Kabompo Road, Kansenshi, Ndola',
    '-12.9587, 28.6366',
    true,
    10,
  ],
  ['Daniel Zulu', 'Northrise Lodge', 'Plot 5, Northrise, Ndola', '-12.9440, 28.6500', false, 7],
  ['Ruth Mwale', 'Ibex Hill Rooms', 'Plot 1190, Ibex Hill, Lusaka', '-15.4300, 28.3550', true, 5],
] as const;

const LIAISONS = [
  ['Chileshe Mulenga', 'Dean of Students'],
  ['Natasha Sakala', 'Student Affairs Officer'],
  ['Brian Kabwe', 'Registrar'],
  ['Agnes Musonda', 'Bursar'],
  ['Kelvin Ngoma', 'Head of Admissions'],
] as const;

/** +260 97 and seven digits, from the record's place in the list (the same on every seed). */
const demoPhone = (i: number) => `+26097${String(1_200_000 + i * 7_351).padStart(7, '0')}`;

export async function seedDemoCorporate(tx: Tx, now: Date): Promise<void> {
  await tx.insert(landlords).values(
    DEMO_LANDLORDS.map(([name, house, address, geolocation, signed, total], i) => ({
      name,
      boardingHouseName: house,
      cellLine: demoPhone(i),
      landline: i % 3 === 0 ? `+260211${String(230_000 + i * 1_111).padStart(6, '0')}` : null,
      address,
      email:
        i % 2 === 0
          ? `${name.split(' ')[0]!.toLowerCase()}.${house.split(' ')[0]!.toLowerCase()}@mail.example`
          : null,
      geolocation,
      totalStudents: total,
      leaseAgreementSigned: signed,
      comments:
        i === 0
          ? 'Water and electricity included. Gate closes at 22:00; the caretaker, Mr Zulu, keeps the spare keys.'
          : null,
      createdAt: new Date(now.getTime() - (DEMO_LANDLORDS.length - i) * 86_400_000),
      updatedAt: now,
    })),
  );

  // One record per institution the demo students attend, named as their records name it.
  const attended = await tx.execute<{ name: string; location: string | null }>(sql`
    select institution_name as name, min(institution_location) as location
      from students where institution_name is not null
     group by institution_name order by institution_name`);
  if (attended.rows.length > 0)
    await tx.insert(institutions).values(
      attended.rows.map((row, i) => {
        const [liaison, role] = LIAISONS[i % LIAISONS.length]!;
        return {
          liaisonName: liaison,
          liaisonRole: role,
          cellLine: demoPhone(100 + i),
          institutionName: row.name,
          department: 'Student Affairs',
          liaisonEmail: `${liaison.split(' ')[0]!.toLowerCase()}@institution.example`,
          geolocation: row.location,
          mouSigned: i % 3 !== 2,
          createdAt: new Date(now.getTime() - (attended.rows.length - i) * 3_600_000),
          updatedAt: now,
        };
      }),
    );

  // Link each student to the institution of that name, and each boarding-house student to a
  // landlord in turn, the landlord's name and phone replacing the free text.
  await tx.execute(sql`
    update students s set institution_id = i.id
      from institutions i where s.institution_name = i.institution_name`);
  await tx.execute(sql`
    with boarders as (
           select id, row_number() over (order by created_at, id) as n
             from students where accommodation_type = 'boarding_house'),
         houses as (
           select id, name, cell_line, row_number() over (order by created_at, id) - 1 as k,
                  count(*) over () as total
             from landlords)
    update students s
       set landlord_id = houses.id,
           accommodation_landlord_name = houses.name,
           accommodation_landlord_contact = houses.cell_line
      from boarders, houses
     where s.id = boarders.id and houses.k = boarders.n % houses.total`);
}

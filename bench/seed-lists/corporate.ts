import { insertByArrays } from '../../src/server/db/bulk-insert';
import * as t from '../../src/server/db/schema';
import type { SeedContext } from './context';

/** Landlords and institutions, named after students only so the names look real. */
export async function seedCorporate({ tx, r, student, each, ago, phone }: SeedContext): Promise<void> {
  await insertByArrays(
    tx,
    t.landlords,
    each((i) => ({
      name: student(i).name ?? `Landlord ${i}`,
      boardingHouseName: `${r.pick(['Sunrise', 'Mukuba', 'Kafue', 'Unity', 'Hilltop'])} Lodge ${i}`,
      cellLine: phone(),
      address: `Plot ${i}, ${r.pick(['Matero', 'Kalingalinga', 'Riverside', 'Parklands'])}`,
      email: `landlord${i}@example.org`,
      totalStudents: i % 12,
      leaseAgreementSigned: i % 3 !== 0,
      createdAt: ago((i * 0.1) % 1_000),
    })),
  );
  await insertByArrays(
    tx,
    t.institutions,
    each((i) => ({
      liaisonName: student(i + 1).name ?? `Liaison ${i}`,
      liaisonRole: r.pick(['Dean of Students', 'Registrar', 'Bursar']),
      cellLine: phone(),
      institutionName: `${r.pick(['Northern', 'Evelyn Hone', 'Chainama', 'Mulungushi'])} College campus ${i}`,
      department: r.pick(['Student Affairs', 'Finance', null]),
      liaisonEmail: `liaison${i}@example.org`,
      mouSigned: i % 2 === 0,
      createdAt: ago((i * 0.1) % 1_000),
    })),
  );
}

import type { Role } from '../../../domain/roles';

export const DEMO_PASSWORD = 'Demo#2026';

export interface DemoAccount {
  staffId: string;
  role: Role;
  name: string;
  email: string;
  department: string | null;
}

/** One account per role (docs/product.md D10). STU001's email matches a graduated demo student. */
export const DEMO_ACCOUNTS: DemoAccount[] = [
  {
    staffId: 'ADM001',
    role: 'admin',
    name: 'Mutale Bwalya',
    email: 'adm001@demo.chl.org.zm',
    department: 'Administration',
  },
  {
    staffId: 'DPM001',
    role: 'deputy_manager',
    name: 'Chipo Mwale',
    email: 'dpm001@demo.chl.org.zm',
    department: 'Programme Management',
  },
  {
    staffId: 'PO001',
    role: 'program_officer',
    name: 'Bupe Tembo',
    email: 'po001@demo.chl.org.zm',
    department: 'Student Support',
  },
  {
    staffId: 'PO002',
    role: 'program_officer',
    name: 'Mwansa Zulu',
    email: 'po002@demo.chl.org.zm',
    department: 'Student Support',
  },
  {
    staffId: 'USR001',
    role: 'user',
    name: 'Kondwani Phiri',
    email: 'usr001@demo.chl.org.zm',
    department: null,
  },
  {
    staffId: 'STU001',
    role: 'student',
    name: 'Natasha Banda',
    email: 'natasha.banda@students.chl.org.zm',
    department: null,
  },
];

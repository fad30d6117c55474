import type { Role } from '../../../domain/roles';

export const DEMO_PASSWORD = 'Demo#2026';

export interface DemoAccount {
  staffId: string;
  role: Role;
  name: string;
  email: string;
  department: string | null;
  phoneNumber: string | null;
  address: string | null;
  dateOfBirth: string | null;
  emergencyContactName: string | null;
  emergencyContactPhone: string | null;
  emergencyContactRelationship: string | null;
}

/** One account per role (docs/product.md D10). STU001's email matches a graduated demo student. */
export const DEMO_ACCOUNTS: DemoAccount[] = [
  {
    staffId: 'ADM001',
    role: 'admin',
    name: 'Mutale Bwalya',
    email: 'adm001@demo.chl.org.zm',
    department: 'Administration',
    phoneNumber: '+260971100201',
    address: 'Plot 14, Kabulonga Road, Lusaka',
    dateOfBirth: '1984-05-12',
    emergencyContactName: 'Chanda Bwalya',
    emergencyContactPhone: '+260966301145',
    emergencyContactRelationship: 'Spouse',
  },
  {
    staffId: 'DPM001',
    role: 'deputy_manager',
    name: 'Chipo Mwale',
    email: 'dpm001@demo.chl.org.zm',
    department: 'Programme Management',
    phoneNumber: '+260977200318',
    address: 'House 7, Woodlands Extension, Lusaka',
    dateOfBirth: '1988-09-23',
    emergencyContactName: 'Joseph Mwale',
    emergencyContactPhone: '+260955418220',
    emergencyContactRelationship: 'Brother',
  },
  {
    staffId: 'PO001',
    role: 'program_officer',
    name: 'Bupe Tembo',
    email: 'po001@demo.chl.org.zm',
    department: 'Student Support',
    phoneNumber: '+260968330442',
    address: 'Flat 3B, Chelstone, Lusaka',
    dateOfBirth: '1992-02-07',
    emergencyContactName: 'Grace Tembo',
    emergencyContactPhone: '+260977520913',
    emergencyContactRelationship: 'Mother',
  },
  {
    staffId: 'PO002',
    role: 'program_officer',
    name: 'Mwansa Zulu',
    email: 'po002@demo.chl.org.zm',
    department: 'Student Support',
    phoneNumber: '+260955441276',
    address: '12 Independence Avenue, Kitwe',
    dateOfBirth: '1990-11-30',
    emergencyContactName: 'Peter Zulu',
    emergencyContactPhone: '+260966714508',
    emergencyContactRelationship: 'Spouse',
  },
  {
    staffId: 'USR001',
    role: 'user',
    name: 'Kondwani Phiri',
    email: 'usr001@demo.chl.org.zm',
    department: null,
    phoneNumber: '+260979552187',
    address: 'Kalingalinga, Lusaka',
    dateOfBirth: null,
    emergencyContactName: null,
    emergencyContactPhone: null,
    emergencyContactRelationship: null,
  },
  {
    staffId: 'STU001',
    role: 'student',
    name: 'Natasha Banda',
    email: 'natasha.banda@students.chl.org.zm',
    department: null,
    phoneNumber: '+260964663098',
    address: 'University of Zambia Great East Road Campus, Lusaka',
    dateOfBirth: '2001-06-18',
    emergencyContactName: 'Ruth Banda',
    emergencyContactPhone: '+260976221034',
    emergencyContactRelationship: 'Aunt',
  },
];

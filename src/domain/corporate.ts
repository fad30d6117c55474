/**
 * Corporate Collaborations (docs/product.md §2, §3): the landlords of the boarding houses where
 * students live and the institutions where they study. The rules the server and the forms share.
 */

export const CORPORATE_MESSAGES = {
  landlordNameRequired: 'Name of Landlord is required',
  boardingHouseRequired: 'Name of Boarding House is required',
  liaisonNameRequired: 'Liaison name is required',
  institutionNameRequired: 'Institution name is required',
  email: 'Enter a valid email address',
  phone: 'Enter a phone number such as +260 97 1234567 or 0971234567',
  totalStudents: 'Total students must be a whole number of 0 or more',
  landlordNotFound: 'Landlord not found',
  institutionNotFound: 'Institution not found',
  deleteConfirm: 'Are you sure you want to delete this record?',
  landlordInUse: (n: number) =>
    `This landlord houses ${n} ${n === 1 ? 'student' : 'students'}. Move ${n === 1 ? 'that student' : 'them'} to another landlord first.`,
  institutionInUse: (n: number) =>
    `${n} ${n === 1 ? 'student studies' : 'students study'} at this institution. Move ${n === 1 ? 'that student' : 'them'} to another institution first.`,
} as const;

/** What a card's badge says (docs/product.md §4). */
export const leaseLabel = (signed: boolean) => (signed ? 'Lease Signed' : 'Lease Pending');
export const mouLabel = (signed: boolean) => (signed ? 'MOU Signed' : 'MOU Pending');

const COORDINATES = /^\s*(-?\d{1,2}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)\s*$/;

/**
 * Where 'View Map' goes for a record's geolocation: the address itself when it is a web address,
 * a map of the point when it is 'latitude, longitude'; null for other text (no link is shown).
 */
export function mapLink(geolocation: string | null | undefined): string | null {
  const text = geolocation?.trim();
  if (!text) return null;
  const point = COORDINATES.exec(text);
  if (point) {
    const [lat, lng] = [Number(point[1]), Number(point[2])];
    if (Math.abs(lat) <= 90 && Math.abs(lng) <= 180) return `https://www.google.com/maps?q=${lat},${lng}`;
    return null;
  }
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The fields of an institution as its History and the Activity Log name them (domain/audit-labels.ts). */
export const INSTITUTION_FIELD_LABELS: Readonly<Record<string, string>> = {
  liaison_name: 'Liaison name',
  liaison_role: 'Liaison role',
  cell_line: 'Cell line',
  institution_direct_line: 'Institution direct line',
  institution_name: 'Institution name',
  department: 'Department',
  liaison_email: 'Liaison email',
  institution_email: 'Institution email',
  geolocation: 'Geolocation',
  mou_signed: 'MOU signed',
  comments: 'Comments',
};

/** The fields of a landlord as its History and the Activity Log name them (domain/audit-labels.ts). */
export const LANDLORD_FIELD_LABELS: Readonly<Record<string, string>> = {
  name: 'Name',
  boarding_house_name: 'Boarding house name',
  cell_line: 'Cell line',
  landline: 'Landline',
  address: 'Address',
  email: 'Email',
  geolocation: 'Geolocation',
  total_students: 'Total students',
  lease_agreement_signed: 'Lease agreement signed',
  comments: 'Comments',
};

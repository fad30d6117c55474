import type {
  Institution,
  InstitutionFormInput,
  Landlord,
  LandlordFormInput,
} from '../../../contracts/corporate';
import { InstitutionInputSchema, LandlordInputSchema } from '../../../contracts/corporate';
import { leaseLabel, mouLabel } from '../../../domain/corporate';

/** The two lists of Corporate Collaborations, by the name the API and the address bar use. */
export const PARTNER_KINDS = ['landlords', 'institutions'] as const;
export type PartnerKindName = (typeof PARTNER_KINDS)[number];
export type Partner = Landlord | Institution;

/** What the screen says and sends for each kind (docs/product.md §2, §8). */
export const KIND_UI = {
  landlords: {
    label: 'Landlords',
    add: 'Add Landlord',
    formTitle: { add: 'Add New Landlord', edit: 'Edit Landlord' },
    empty: 'No landlords added yet. Click "Add Landlord" to get started.',
    noMatch: 'No landlords match your search.',
    added: 'Landlord added.',
    updated: 'Landlord updated.',
    addFailed: 'Failed to add landlord',
    updateFailed: 'Failed to update landlord',
    loadFailed: "Couldn't load the landlords",
    searchLabel: 'Search landlords',
    searchPlaceholder: 'Search by landlord, boarding house, address or email...',
    signedParam: 'lease_signed',
    signedFilter: { label: 'Lease', all: 'All leases', yes: leaseLabel(true), no: leaseLabel(false) },
    schema: LandlordInputSchema,
  },
  institutions: {
    label: 'Institutions',
    add: 'Add Institution',
    formTitle: { add: 'Add New Institution', edit: 'Edit Institution' },
    empty: 'No institutions added yet. Click "Add Institution" to get started.',
    noMatch: 'No institutions match your search.',
    added: 'Institution added.',
    updated: 'Institution updated.',
    addFailed: 'Failed to add institution',
    updateFailed: 'Failed to update institution',
    loadFailed: "Couldn't load the institutions",
    searchLabel: 'Search institutions',
    searchPlaceholder: 'Search by institution, department, liaison or email...',
    signedParam: 'mou_signed',
    signedFilter: { label: 'MOU', all: 'All MOUs', yes: mouLabel(true), no: mouLabel(false) },
    schema: InstitutionInputSchema,
  },
} as const;

/** The form's values: every field as text or a tick, as the inputs hold them. */
export type LandlordFormValues = Required<{
  [K in keyof LandlordFormInput]: NonNullable<LandlordFormInput[K]>;
}>;
export type InstitutionFormValues = Required<{
  [K in keyof InstitutionFormInput]: NonNullable<InstitutionFormInput[K]>;
}>;

export function landlordFormValues(record?: Landlord): LandlordFormValues {
  return {
    name: record?.name ?? '',
    boarding_house_name: record?.boarding_house_name ?? '',
    cell_line: record?.cell_line ?? '',
    landline: record?.landline ?? '',
    address: record?.address ?? '',
    email: record?.email ?? '',
    geolocation: record?.geolocation ?? '',
    total_students: record?.total_students ?? 0,
    lease_agreement_signed: record?.lease_agreement_signed ?? false,
    comments: record?.comments ?? '',
  };
}

export function institutionFormValues(record?: Institution): InstitutionFormValues {
  return {
    liaison_name: record?.liaison_name ?? '',
    liaison_role: record?.liaison_role ?? '',
    cell_line: record?.cell_line ?? '',
    institution_direct_line: record?.institution_direct_line ?? '',
    institution_name: record?.institution_name ?? '',
    department: record?.department ?? '',
    liaison_email: record?.liaison_email ?? '',
    institution_email: record?.institution_email ?? '',
    geolocation: record?.geolocation ?? '',
    mou_signed: record?.mou_signed ?? false,
    comments: record?.comments ?? '',
  };
}

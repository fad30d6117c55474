import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Institution, InstitutionInput, Landlord, LandlordInput } from '../../../contracts/corporate';
import { CORPORATE_MESSAGES as M } from '../../../domain/corporate';
import { institutions, landlords, students } from '../../db/schema';

/**
 * What differs between the two kinds of partner of Corporate Collaborations: the table, the
 * columns as the API names them, what a search looks through, the signed filter, the students'
 * column that links to the record, and the words. corporate.service.ts does the rest once.
 */
// TRecord names what the API answers for the kind (Landlord, Institution): the service builds it.
// biome-ignore lint/correctness/noUnusedVariables: TRecord types the service's answers
export interface PartnerKind<TInput extends Record<string, unknown>, TRecord = unknown> {
  /** 'landlord' or 'institution': the audit trail's entity type and the action's prefix. */
  entity: 'landlord' | 'institution';
  table: PgTable & { id: AnyPgColumn; createdAt: AnyPgColumn; updatedAt: AnyPgColumn };
  /** Every column of the record, by its API name. */
  columns: Record<keyof TInput | 'id' | 'created_at' | 'updated_at', AnyPgColumn>;
  /** API name -> table key, for writes. */
  writable: Record<keyof TInput, string>;
  /** The text a search (q) looks through, lower-cased and trigram-indexed (search_text). */
  searchText: AnyPgColumn;
  /** The column of the signed filter (lease_signed, mou_signed). */
  signed: AnyPgColumn;
  /** The students' column naming this kind of record. */
  studentLink: AnyPgColumn;
  /** 'Mwape Banda (Chilenje Boarding House)', for the audit trail's sentences. */
  describe: (record: TInput) => string;
  messages: { notFound: string; inUse: (students: number) => string };
}

export const LANDLORD: PartnerKind<LandlordInput, Landlord> = {
  entity: 'landlord',
  table: landlords,
  columns: {
    id: landlords.id,
    name: landlords.name,
    boarding_house_name: landlords.boardingHouseName,
    cell_line: landlords.cellLine,
    landline: landlords.landline,
    address: landlords.address,
    email: landlords.email,
    geolocation: landlords.geolocation,
    total_students: landlords.totalStudents,
    lease_agreement_signed: landlords.leaseAgreementSigned,
    comments: landlords.comments,
    created_at: landlords.createdAt,
    updated_at: landlords.updatedAt,
  },
  writable: {
    name: 'name',
    boarding_house_name: 'boardingHouseName',
    cell_line: 'cellLine',
    landline: 'landline',
    address: 'address',
    email: 'email',
    geolocation: 'geolocation',
    total_students: 'totalStudents',
    lease_agreement_signed: 'leaseAgreementSigned',
    comments: 'comments',
  },
  searchText: landlords.searchText,
  signed: landlords.leaseAgreementSigned,
  studentLink: students.landlordId,
  describe: (l) => `${l.name} (${l.boarding_house_name})`,
  messages: { notFound: M.landlordNotFound, inUse: M.landlordInUse },
};

export const INSTITUTION: PartnerKind<InstitutionInput, Institution> = {
  entity: 'institution',
  table: institutions,
  columns: {
    id: institutions.id,
    liaison_name: institutions.liaisonName,
    liaison_role: institutions.liaisonRole,
    cell_line: institutions.cellLine,
    institution_direct_line: institutions.institutionDirectLine,
    institution_name: institutions.institutionName,
    department: institutions.department,
    liaison_email: institutions.liaisonEmail,
    institution_email: institutions.institutionEmail,
    geolocation: institutions.geolocation,
    mou_signed: institutions.mouSigned,
    comments: institutions.comments,
    created_at: institutions.createdAt,
    updated_at: institutions.updatedAt,
  },
  writable: {
    liaison_name: 'liaisonName',
    liaison_role: 'liaisonRole',
    cell_line: 'cellLine',
    institution_direct_line: 'institutionDirectLine',
    institution_name: 'institutionName',
    department: 'department',
    liaison_email: 'liaisonEmail',
    institution_email: 'institutionEmail',
    geolocation: 'geolocation',
    mou_signed: 'mouSigned',
    comments: 'comments',
  },
  searchText: institutions.searchText,
  signed: institutions.mouSigned,
  studentLink: students.institutionId,
  describe: (i) => `${i.institution_name} (${i.liaison_name})`,
  messages: { notFound: M.institutionNotFound, inUse: M.institutionInUse },
};

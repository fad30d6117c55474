import { z } from 'zod';
import { CORPORATE_MESSAGES as M } from '../domain/corporate';
import { PageQuerySchema, pagedResponseSchema } from './common';
import { emailField, optionalTextField, phoneField, requiredTextField } from './fields';

/*
 * Corporate Collaborations (docs/product.md §2, §3): landlords and institutions. The body of a
 * POST and of a PUT is the whole form; the server keeps id, created_at and updated_at.
 */

const PHONE = M.phone;
const signed = (label: string) => z.boolean({ message: `${label} must be true or false` }).default(false);

const totalStudents = z
  .number({ message: M.totalStudents })
  .int({ message: M.totalStudents })
  .min(0, { message: M.totalStudents })
  .max(100_000, { message: 'Total students must be at most 100000' })
  .default(0);

export const LandlordInputSchema = z
  .object({
    name: requiredTextField('Name of Landlord', M.landlordNameRequired, 120),
    boarding_house_name: requiredTextField('Name of Boarding House', M.boardingHouseRequired, 160),
    cell_line: phoneField(PHONE),
    landline: phoneField(PHONE),
    address: optionalTextField('Address', 300),
    email: emailField(M.email),
    geolocation: optionalTextField('Geolocation', 2000),
    total_students: totalStudents,
    lease_agreement_signed: signed('Lease agreement signed'),
    comments: optionalTextField('Comments', 2000),
  })
  .meta({ id: 'LandlordInput' });
export type LandlordInput = z.output<typeof LandlordInputSchema>;
export type LandlordFormInput = z.input<typeof LandlordInputSchema>;

export const InstitutionInputSchema = z
  .object({
    liaison_name: requiredTextField('Liaison name', M.liaisonNameRequired, 120),
    liaison_role: optionalTextField('Liaison role', 120),
    cell_line: phoneField(PHONE),
    institution_direct_line: phoneField(PHONE),
    institution_name: requiredTextField('Institution name', M.institutionNameRequired, 160),
    department: optionalTextField('Department', 160),
    liaison_email: emailField(M.email),
    institution_email: emailField(M.email),
    geolocation: optionalTextField('Geolocation', 2000),
    mou_signed: signed('MOU signed'),
    comments: optionalTextField('Comments', 2000),
  })
  .meta({ id: 'InstitutionInput' });
export type InstitutionInput = z.output<typeof InstitutionInputSchema>;
export type InstitutionFormInput = z.input<typeof InstitutionInputSchema>;

/** What the server adds to each record it answers. */
const kept = {
  id: z.string(),
  /** The geolocation as a link: itself when a web address, a map of the point for coordinates. */
  map_url: z.string().nullable(),
  /** Students linked to the record that the viewer reaches (D9). */
  linked_students: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
};

export const LandlordSchema = LandlordInputSchema.extend(kept)
  .extend({ total_students: z.number().int(), lease_agreement_signed: z.boolean() })
  .meta({ id: 'Landlord' });
export type Landlord = z.infer<typeof LandlordSchema>;

export const InstitutionSchema = InstitutionInputSchema.extend(kept)
  .extend({ mou_signed: z.boolean() })
  .meta({ id: 'Institution' });
export type Institution = z.infer<typeof InstitutionSchema>;

const BOOLEAN_FILTER = (name: string) =>
  z
    .enum(['true', 'false'], { message: `${name} must be true or false` })
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true'));

const search = z.string().trim().max(100, { message: 'Search must be at most 100 characters' }).optional();

export const LandlordListQuerySchema = PageQuerySchema.extend({
  q: search.meta({ description: 'Matches landlord, boarding house, address and email, ignoring case' }),
  lease_signed: BOOLEAN_FILTER('lease_signed'),
});
export type LandlordListQuery = z.output<typeof LandlordListQuerySchema>;

export const InstitutionListQuerySchema = PageQuerySchema.extend({
  q: search.meta({ description: 'Matches institution, department, liaison and emails, ignoring case' }),
  mou_signed: BOOLEAN_FILTER('mou_signed'),
});
export type InstitutionListQuery = z.output<typeof InstitutionListQuerySchema>;

export const LandlordListResponseSchema = pagedResponseSchema(LandlordSchema).meta({ id: 'LandlordList' });
export type LandlordListResponse = z.infer<typeof LandlordListResponseSchema>;
export const InstitutionListResponseSchema = pagedResponseSchema(InstitutionSchema).meta({
  id: 'InstitutionList',
});
export type InstitutionListResponse = z.infer<typeof InstitutionListResponseSchema>;

export const LANDLORD_EXPORT_COLUMNS = [
  'id',
  'name',
  'boarding_house_name',
  'cell_line',
  'landline',
  'address',
  'email',
  'geolocation',
  'total_students',
  'lease_agreement_signed',
  'comments',
  'created_at',
  'updated_at',
] as const;

export const INSTITUTION_EXPORT_COLUMNS = [
  'id',
  'institution_name',
  'department',
  'liaison_name',
  'liaison_role',
  'cell_line',
  'institution_direct_line',
  'liaison_email',
  'institution_email',
  'geolocation',
  'mou_signed',
  'comments',
  'created_at',
  'updated_at',
] as const;

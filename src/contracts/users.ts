import { z } from 'zod';
import { ROLES } from '../domain/roles';
import { THEMES } from '../domain/settings';
import { ROLE_REQUEST_STATUSES, USER_STATUSES } from '../domain/users';
import { StaffIdSchema } from './auth';
import { PageQuerySchema, pagedResponseSchema } from './common';
import {
  choiceField,
  choiceFilter,
  choiceOr,
  optionalDateField,
  optionalTextField,
  phoneField,
  requiredTextField,
  searchField,
} from './fields';
import { PasswordFieldSchema } from './passwords';

/*
 * User Management and the user's own profile (docs/product.md §2 User Management, §3 user record,
 * D3, D11): accounts, their profile fields, role requests, invitations.
 */

/** The profile fields every user edits for themselves, and admins for anyone. */
export const ProfileInputSchema = z
  .object({
    phone_number: phoneField('Phone number must be a valid phone number, such as +260 97 123 4567'),
    address: optionalTextField('Address', 300),
    date_of_birth: optionalDateField('Date of birth'),
    department: optionalTextField('Department', 120),
    emergency_contact_name: optionalTextField('Emergency contact name', 120),
    emergency_contact_phone: phoneField('Emergency contact phone must be a valid phone number'),
    emergency_contact_relationship: optionalTextField('Relationship', 60),
  })
  .meta({ id: 'ProfileInput' });
export type ProfileInput = z.output<typeof ProfileInputSchema>;
export type ProfileFormInput = z.input<typeof ProfileInputSchema>;

/** An admin's edit of an account: its name and email as well as the profile. */
export const UserUpdateSchema = ProfileInputSchema.extend({
  name: requiredTextField('Name', 'Full name is required', 120),
  email: z
    .string({ message: 'Email is required' })
    .trim()
    .toLowerCase()
    .pipe(z.email({ message: 'Please enter a valid email address' }).max(254)),
}).meta({ id: 'UserUpdate' });
export type UserUpdate = z.output<typeof UserUpdateSchema>;
export type UserUpdateFormInput = z.input<typeof UserUpdateSchema>;

export const RoleRequestSummarySchema = z.object({
  id: z.string(),
  role: z.enum(ROLES),
  status: z.enum(ROLE_REQUEST_STATUSES),
  note: z.string().nullable(),
  decided_by_name: z.string().nullable(),
  decided_at: z.string().nullable(),
  created_at: z.string(),
});
export type RoleRequestSummary = z.infer<typeof RoleRequestSummarySchema>;

/** An account as User Management shows it (§3's user record). */
export const DirectoryUserSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    staff_id: z.string().nullable(),
    email: z.string(),
    role: z.enum(ROLES),
    department: z.string().nullable(),
    phone_number: z.string().nullable(),
    address: z.string().nullable(),
    date_of_birth: z.string().nullable(),
    emergency_contact_name: z.string().nullable(),
    emergency_contact_phone: z.string().nullable(),
    emergency_contact_relationship: z.string().nullable(),
    is_active: z.boolean(),
    /** 'staff' signs in with a staff ID; 'google' only with Google. */
    sign_in: z.enum(['staff', 'google']),
    /** Invited and has not yet set a password. */
    invitation_pending: z.boolean(),
    email_verified: z.boolean(),
    last_login: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
    created_by_name: z.string().nullable(),
    /** What the role may do, from the rules the server enforces (domain/role-permissions.ts). */
    permissions: z.array(z.string()),
    pending_role_request: RoleRequestSummarySchema.nullable(),
  })
  .meta({ id: 'DirectoryUser' });
export type DirectoryUser = z.infer<typeof DirectoryUserSchema>;

export const UserListQuerySchema = PageQuerySchema.extend({
  q: searchField(),
  role: choiceFilter('Role', ROLES),
  status: choiceFilter('Status', USER_STATUSES),
});
export type UserListQuery = z.output<typeof UserListQuerySchema>;

/** The six tiles: counted over every account, whatever the filters. */
export const UserTileCountsSchema = z.object({
  admins: z.number().int(),
  officers: z.number().int(),
  managers: z.number().int(),
  students: z.number().int(),
  active: z.number().int(),
  inactive: z.number().int(),
});

export const UserListResponseSchema = pagedResponseSchema(DirectoryUserSchema).extend({
  counts: UserTileCountsSchema,
});
export type UserListResponse = z.infer<typeof UserListResponseSchema>;

/** Add User: the account is made without a password; the invitation email lets them choose one. */
export const InviteUserSchema = z
  .object({
    staff_id: StaffIdSchema,
    email: z
      .string({ message: 'Email is required' })
      .trim()
      .toLowerCase()
      .pipe(z.email({ message: 'Please enter a valid email address' }).max(254)),
    name: requiredTextField('Name', 'Full name is required', 120),
    role: choiceField('Role', ROLES),
    department: optionalTextField('Department', 120),
  })
  .meta({ id: 'InviteUser' });
export type InviteUser = z.output<typeof InviteUserSchema>;
export type InviteUserFormInput = z.input<typeof InviteUserSchema>;

export const RoleInputSchema = z.object({ role: choiceField('Role', ROLES) });

export const DecisionNoteSchema = z.object({
  note: optionalTextField('Note', 500),
});

export const RoleRequestSchema = RoleRequestSummarySchema.extend({
  user_id: z.string(),
  user_name: z.string(),
  user_staff_id: z.string().nullable(),
  user_email: z.string(),
  current_role: z.enum(ROLES),
}).meta({ id: 'RoleRequest' });
export type RoleRequest = z.infer<typeof RoleRequestSchema>;

export const RoleRequestListQuerySchema = PageQuerySchema.extend({
  status: choiceOr('Status', ROLE_REQUEST_STATUSES, 'pending'),
});
export const RoleRequestListResponseSchema = pagedResponseSchema(RoleRequestSchema);
export type RoleRequestListResponse = z.infer<typeof RoleRequestListResponseSchema>;

export const RoleDecisionResponseSchema = z.object({
  request: RoleRequestSchema,
  /** Granting student: the student record whose email is the account's, now reached by it (D11). */
  linked_student: z.object({ id: z.string(), full_name: z.string() }).nullable(),
});
export type RoleDecisionResponse = z.infer<typeof RoleDecisionResponseSchema>;

/** Manage Roles: each role, what it may do, and how many accounts hold it. */
export const RoleSummarySchema = z.object({
  role: z.enum(ROLES),
  permissions: z.array(z.string()),
  accounts: z.number().int(),
  active_accounts: z.number().int(),
});
export const RoleSummaryResponseSchema = z.object({ roles: z.array(RoleSummarySchema) });
export type RoleSummaryResponse = z.infer<typeof RoleSummaryResponseSchema>;

/** The signed-in user's own profile, with their latest role request and its outcome. */
export const MyProfileSchema = DirectoryUserSchema.omit({ pending_role_request: true })
  .extend({ latest_role_request: RoleRequestSummarySchema.nullable() })
  .meta({ id: 'MyProfile' });
export type MyProfile = z.infer<typeof MyProfileSchema>;

export const ChangePasswordSchema = z.object({
  current_password: z
    .string({ message: 'Current password is required' })
    .min(1, { message: 'Current password is required' })
    .max(200),
  new_password: PasswordFieldSchema,
});

export const MyRoleRequestSchema = z.object({ role: choiceField('Role', ROLES) });

export const AcceptInvitationSchema = z.object({
  token: z.string({ message: 'Token is required' }).trim().min(1, { message: 'Token is required' }).max(200),
  newPassword: PasswordFieldSchema,
});

/** The user's own choices over the system's (docs/product.md D13): today the theme; null follows the system. */
export const MyPreferencesSchema = z
  .object({
    theme_preference: z
      .enum(THEMES, { message: 'Theme must be light, dark, auto or the system default' })
      .nullable(),
  })
  .meta({ id: 'MyPreferences' });
export type MyPreferences = z.infer<typeof MyPreferencesSchema>;

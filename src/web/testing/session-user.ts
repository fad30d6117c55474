import type { User } from '../../contracts/auth';

/** The signed-in staff user the session tests use (Chanda Mwale, PO009), with `over` changed. */
export const sessionUser = (over: Partial<User> = {}): User => ({
  id: 'u1',
  name: 'Chanda Mwale',
  email: 'chanda@example.org',
  role: 'program_officer',
  department: null,
  staff_id: 'PO009',
  photo_url: null,
  last_login: null,
  must_change_password: false,
  must_set_up_two_factor: false,
  ...over,
});

/** The signed-in user's own account (docs/product.md §2 User Management): the router mounts /account. */

export { MyProfilePage } from './my-profile-page';
/** What System Settings may hold a signed-in account at before the app (the shell's sign-in gate). */
export { ExpiredPasswordScreen, TwoFactorSetupScreen } from './sign-in-gate-screens';

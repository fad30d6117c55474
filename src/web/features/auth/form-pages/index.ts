/**
 * The signed-out pages with a form (docs/product.md §2), for the router to load on demand: apart
 * from the /login page, which needs no form library, and from the index file, which the signed-in
 * layout imports too.
 */
export { AcceptInvitationPage } from '../accept-invitation-page';
export { ForgotPasswordPage } from '../forgot-password-page';
export { ResetPasswordPage } from '../reset-password-page';
export { StaffLoginPage } from '../staff-login-page';
export { VerifyEmailPage } from '../verify-email-page';

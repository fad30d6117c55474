/** Signed-out pages (docs/product.md §2); the router mounts them. */

export { AcceptInvitationPage } from './accept-invitation-page';
export { DemoDataNotice } from './demo-data-notice';
export { ForgotPasswordPage } from './forgot-password-page';
export { LoginPage } from './login-page';
export { ResetPasswordPage } from './reset-password-page';
export { StaffLoginPage } from './staff-login-page';
export { VerifyEmailPage } from './verify-email-page';

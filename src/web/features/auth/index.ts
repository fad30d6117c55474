/**
 * Signed-out pages (docs/product.md §2). The router loads them through login/ and form-pages/, so
 * that each arrives on its own; the top bar takes the demo-data notice from here.
 */

export { AcceptInvitationPage } from './accept-invitation-page';
export { DemoDataNotice } from './demo-data-notice';
export { ForgotPasswordPage } from './forgot-password-page';
export { LoginPage } from './login-page';
export { ResetPasswordPage } from './reset-password-page';
export { StaffLoginPage } from './staff-login-page';
export { VerifyEmailPage } from './verify-email-page';

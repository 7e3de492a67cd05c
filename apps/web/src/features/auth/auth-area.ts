/** The signed-out area, loaded as one chunk (STYLE rule 14). */
export { AuthLayout } from './auth-layout.tsx';
export { ForgotPasswordPage } from './forgot-password-page.tsx';
export { LoginPage } from './login-page.tsx';
export { RegisterPage } from './register-page.tsx';
export { ResetPasswordPage } from './reset-password-page.tsx';
export { VerifyAccountPage } from './verify-account-page.tsx';
export { VerifyEmailPage } from './verify-email-page.tsx';

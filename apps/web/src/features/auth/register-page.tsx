import { useSearchParams } from 'react-router';
import { EmailConfirmationNotice } from './email-confirmation-notice.tsx';
import { RegisterForm } from './register-form.tsx';

/** /register, and /register?email_confirmation_sent=true for the confirmation notice (doc 2 §2). */
export function RegisterPage() {
  const [params] = useSearchParams();
  return params.get('email_confirmation_sent') === 'true' ? <EmailConfirmationNotice /> : <RegisterForm />;
}

/** What the shell uses of the account feature: switching between linked accounts. */
export { SwitchAccountModal } from './switch-account-modal.tsx';

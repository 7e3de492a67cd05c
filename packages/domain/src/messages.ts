/**
 * The specification's user-facing texts, written once. The server answers with them and the web app
 * shows them; tests assert them. Section references are to ../shared/spec.
 */
export const messages = {
  // doc 1 §5, doc 2 §5 — accounts
  usernameRequired: 'Username cannot be empty',
  usernameTooShort: 'Username must be at least 5 characters',
  usernameNoAt: 'Username cannot contain @',
  usernameInvalid: 'Username may only contain letters, numbers, dots, dashes and underscores',
  usernameTaken: 'This username is already taken.',
  usernameOrEmailRequired: 'Username or email cannot be empty',
  emailRequired: 'Email cannot be empty',
  emailInvalid: 'Invalid email address',
  passwordRequired: 'Password cannot be empty',
  passwordPattern:
    'Password should not be empty, minimum eight characters, at least one letter, one number and one special character.',
  confirmPasswordRequired: 'Confirm password cannot be empty',
  passwordMismatch: 'The password confirmation does not match.',
  currentPasswordRequired: 'Current password cannot be empty',
  newPasswordRequired: 'New password cannot be empty',
  confirmNewPasswordRequired: 'Confirm new password cannot be empty',
  deletePasswordRequired: 'For your security you have to enter the password.',
  transferPasswordRequired:
    'For your security, you have to enter your account password in order to continue.',
  companyNameRequired: 'Company name cannot be empty',
  phoneInvalid: 'Phone number is not valid',
  nameTooLong: 'Name is too long',
  restaurantNameRequired: (type: string) => `${type} name cannot be empty`,

  // login and sessions — doc 2 §4, decisions §3
  invalidCredentials: 'Wrong username or password.',
  tooManyAttempts: (minutes: number) =>
    `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  tooManyRequests: 'Too many requests. Please try again later.',
  accountUnverified: 'Your account has not been verified yet. Please check your email.',
  clientNotVerified: 'This account has not been verified.',
  tokenExpired: 'Access token expired',
  authorizationFailed: 'Something went wrong. Authorization failed.',
  sessionEnded: 'Your session has ended. Please sign in again.',
  captchaFailed: 'The anti-bot check failed. Please try again.',

  // verification and reset — doc 1 §8
  verifyLinkInvalid: 'Your account has been already verified or this link is not valid.',
  resetLinkInvalid: 'Link is not valid.',
  accountVerified: 'Your account has been verified. You can sign in now.',
  verificationSent: 'We have sent you an email with a link to confirm your account.',
  verificationResent: 'A new confirmation email has been sent.',
  resetRequested: 'If an account uses this email, we have sent it a link to reset the password.',
  usernameReminderSent: 'If an account uses this email, we have sent it the username.',
  passwordReset: 'Your password has been changed. You can sign in now.',
  passwordUpdated: 'Password updated successfully',
  accountUpdated: 'Account updated successfully',
  accountDeleted: 'Your account has been deleted.',
  accountCannotBeDeleted: 'This account cannot be deleted.',
  adminUsernameLocked: 'Admin usernames cannot be changed.',
  loggedOut: 'Signed out successfully',
  switchAccountFailed: 'You cannot switch to this account.',
  wrongPassword: 'The password is not correct.',

  // global — decisions §3, doc 3 §8.1
  permissionDenied: 'Permission denied',
  notFound: 'Not found',
  pageNotFound: '404 Page Not Found',
  somethingWentWrong: 'Something went wrong.',
  somethingWentWrongLater: 'Something went wrong. Please try again later',
  paymentNotSetup: 'Payment not setup!',
  invalidInput: 'Invalid input',

  // doc 1 §5 — entities (used by later issues; kept here so there is one catalogue)
  priceInvalid: 'Price is not valid',
  dishNameRequired: 'Dish name cannot be empty',
  caloriesNegative: 'Calories can not be a negative number!',
  alcoholNegative: 'Alcohol Percentage can not be a negative number!',
  alcoholTooHigh: 'Alcohol Percentage can not be greater than 100!',
  categoryNameRequired: 'Category name cannot be empty',
  menuNameRequired: 'Menu name cannot be empty',
  fillThisField: 'Please fill this field.',
  fieldRequired: 'This field is required',
  fileTooBig: (name: string) => `This file ${name} is big. Maximum size for file is 10MB.`,
  fileNotAllowed: 'File not allowed',
  csvRequired: 'Please select a csv file',
  csvInvalid: 'Please select a valid csv file',
  noData: 'No data available',
  unsavedChanges: "You haven't saved your changes!",

  // doc 2 §8, doc 3 §2.4 — sharing a menu's address
  menuUrlCopied: 'Menu URL has been copied successfully to clipboard',
  menuUrlCopyFailed: 'Error copying Menu url to clipboard. Please try again later',
} as const;

export type MessageKey = keyof typeof messages;

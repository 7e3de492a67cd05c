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
  /** The rule as the pattern checks it (issue 22 item 8: the specification's text asked for a special
   * character the pattern never demanded); the forms show `passwordHint` under the field. */
  passwordPattern:
    'The password needs at least eight characters, with an uppercase letter, a lowercase letter and a number.',
  passwordHint: 'At least eight characters, with an uppercase letter, a lowercase letter and a number.',
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
  tooManyPasswordAttempts: (minutes: number) =>
    `Too many wrong passwords. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
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

  // email change (docs/security.md, finding 5): the current password, then a link to the new address
  emailChangePasswordRequired: 'For your security, enter your current password to change your email address.',
  emailChangeSent: (email: string) =>
    `We have sent a link to ${email}. Your email address will change once you open it.`,
  emailChangePending: (email: string) =>
    `Waiting for confirmation of ${email}: open the link we sent there to finish the change.`,
  emailChangeLinkInvalid: 'This link is not valid or has expired.',
  emailChanged: 'Your email address has been changed.',

  // global — decisions §3, doc 3 §8.1
  permissionDenied: 'Permission denied',
  notFound: 'Not found',
  pageNotFound: '404 Page Not Found',
  somethingWentWrong: 'Something went wrong.',
  somethingWentWrongLater: 'Something went wrong. Please try again later',
  paymentNotSetup: 'Payment not setup!',
  invalidInput: 'Invalid input',
  // issue 8 — what a request cannot carry (one rule for every stored string, caps on lists and numbers)
  textInvalid: 'This text contains a character that cannot be saved.',
  tooManyItems: (max: number) => `Too many items (at most ${max.toLocaleString('en-US')})`,
  dishNotFound: 'Dish not found',
  menuNotFound: 'No menu found',
  restaurantLimitReached: (what: string, max: number) =>
    `A restaurant can hold at most ${max.toLocaleString('en-US')} ${what}. Delete some first, or write to support if you need more.`,
  tooDeep: 'This value is nested too deeply.',
  tooLarge: 'This value is too large.',
  formInvalid: 'The form could not be read.',
  conflict: 'This was changed by another request at the same moment. Please try again.',
  databaseUnavailable: 'The service is temporarily unavailable. Please try again in a moment.',
  caloriesTooHigh: 'Calories is too high',

  // doc 1 §2 — the subjects of the help pop-up's mail links to the platform's support address
  issueReportSubject: 'ISSUE REPORT',
  inquirySubject: 'INQUIRY',

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
  embedCopied: 'Embedded Menu has been copied successfully to clipboard',
  logIdCopyFailed: 'Error copying log id to clipboard',
  embedCopyFailed: 'Error copying Embedded Menu to clipboard. Please try again later',
  embedSizeInvalid: (unit: 'px' | '%', min: number, max: number) =>
    `Please enter a size between ${min} and ${max} ${unit}`,
  qrDownloadFailed: 'The download failed. Please try again later',

  // doc 2 §3, §4, §9 — QR codes and table cards (the specification names no texts for these checks)
  qrColorInvalid: 'Please choose a colour such as #1a1a1a',
  qrContrastLow: 'The code colour needs to be darker than the background for the QR code to scan',
  qrBackgroundAlphaRange: 'The background image alpha must be between 0 and 0.5',
  qrTemplateInvalid: 'Please choose one of the QR templates',
  qrFieldTooLong: (label: string, max: number) => `${label} can be at most ${max} characters`,
  qrFormatInvalid: 'Please choose png, jpeg or svg',
  qrSizeRange: (min: number, max: number) => `The QR code size must be between ${min} and ${max} pixels`,
  qrPaperInvalid: 'Please choose A4 or Letter paper',
  qrPerPageInvalid: 'Please choose 1 or 4 cards per sheet',
  qrTargetInvalid: 'Please choose what the QR code opens',
  /** Issue 24 §6: a code or card names a language the restaurant does not offer. */
  qrLanguageInvalid: "Please choose one of the restaurant's languages",

  // doc 1 §5, §8 and doc 2 §5, §8 — the owner's workshop
  menuCtaEmailsUnique: 'Emails must be unique',
  menuCtaEmailRequired: 'At least one email is required',
  nameExists: (name: string) => `${name} already exists.`,
  ingredientExistsAt: (ingredient: string, parent: string) => `${ingredient} already exists at ${parent}.`,
  alreadyHaveItem: (name: string) => `You already have an item named "${name}"`,
  // Doc 1 §5's questions, in calm sentence case (issue 22): "ingredient(s)", "dish!" and
  // "save/create" become the words of the case at hand.
  noIngredientsSelected: "You didn't select any ingredients",
  dishAnyway: (creating: boolean) => `Do you want to ${creating ? 'create' : 'save'} this dish anyway?`,
  noDishSelected: "You didn't select any dishes",
  categoryAnyway: (creating: boolean) =>
    `Do you want to ${creating ? 'create' : 'save'} this category anyway?`,
  lastCustomization: 'You can not delete the last customization.',
  ingredientRequired: 'You must add at least one ingredient to submit.',
  /** A category filter stands for a group of ingredients: one with none filters nothing (issue 11 §1). */
  filterIngredientsRequired: 'Pick at least one ingredient for this filter.',
  ingredientNameRequired: 'Ingredient name cannot be empty',
  dietaryRequired: 'Dietary cannot be empty',
  dietaryExists: 'Dietary already exists.',
  dietaryInList: (name: string, type: string) => `${name} is already in ${type} list!`,
  dietaryFailed: 'Dietary failed to update',
  dietaryPlatformReadOnly: 'Dietary considerations of the platform cannot be changed here.',
  ingredientParentInvalid: 'An ingredient cannot be its own parent or the child of a child.',
  sideDishSelf: 'A dish cannot be its own side dish.',
  csvFailed: 'Something went wrong. Please try again or report this issue',
  csvIgnored: (name: string) => `${name} already exists, so will be ignored.`,
  csvUploaded: (count: number) => `${count} ingredient(s) uploaded successfully`,
  // CSV import (decisions §4): the file as a whole, then one row
  csvCategoriesUploaded: (count: number) =>
    `${count} ${count === 1 ? 'category' : 'categories'} uploaded successfully`,
  csvDishesUploaded: (count: number, newIngredients: number, newCategories: number) => {
    const extras = [
      newIngredients > 0 ? `${newIngredients} new ingredient${newIngredients === 1 ? '' : 's'}` : '',
      newCategories > 0 ? `${newCategories} new ${newCategories === 1 ? 'category' : 'categories'}` : '',
    ].filter(Boolean);
    const base = `${count} ${count === 1 ? 'dish' : 'dishes'} uploaded successfully`;
    return extras.length ? `${base} (${extras.join(', ')})` : base;
  },
  csvEmpty: 'The csv file is empty',
  csvNotUtf8: 'The csv file must be saved as UTF-8',
  csvUnreadable: (row: number) => `The csv file could not be read: check the quotes near row ${row}.`,
  csvRowTooLong: (row: number) =>
    `The csv file could not be read: a row is longer than 1 MB near row ${row} (check the quotes before it).`,
  csvMissingColumn: (column: string) => `The csv file needs a header row with a "${column}" column`,
  csvTooManyRows: (max: number) => `The csv file has too many rows (at most ${max})`,
  csvTooManyColumns: (max: number) => `The csv file has too many columns (at most ${max})`,
  csvRepeated: (name: string, rows: number[]) =>
    `${name} is repeated in the file (rows ${
      rows.length > 10 ? `${rows.slice(0, 10).join(', ')} and ${rows.length - 10} more` : rows.join(', ')
    }), so only row ${rows[0]} is used.`,
  csvTooManyNames: (column: string, max: number) =>
    `The ${column} column lists more than ${max} names; a row may list at most ${max}.`,
  // The last entry of a list cut at its first hundred (decisions: csv-import)
  csvMoreProblems: (count: number) => `…and ${count} more problem(s) from this row on, not listed.`,
  csvMoreExisting: (count: number) => `…and ${count} more name(s) that already exist, also ignored.`,
  csvMoreRepeated: (count: number) =>
    `…and ${count} more name(s) repeated in the file, each used only on its first row.`,
  csvAvailableInvalid: 'Available must be true, false, yes, no, 1 or 0',
  csvCaloriesInvalid: 'Calories is not valid',
  csvAlcoholInvalid: 'Alcohol Percentage is not valid',
  csvUnknownParent: (name: string) => `Parent ingredient ${name} does not exist.`,
  csvParentNested: (name: string) => `${name} is inside another ingredient, so it cannot be a parent.`,
  csvOwnParent: 'An ingredient cannot be its own parent.',
  csvUnknownDish: (name: string) => `Dish ${name} does not exist.`,
  csvUnknownCategory: (name: string) => `Category ${name} does not exist.`,
  csvCategoryReadOnly: (name: string) =>
    `Category ${name} belongs to the parent restaurant and cannot be changed.`,
  csvUnknownAllergen: (column: string, word: string) =>
    `${column}: "${word}" is not one of the 14 allergens (use a key such as milk or a name such as Milk).`,
  csvDeclaredInvalid: 'Declared must be true, false, yes, no, 1 or 0',
  cloneDishFailed: 'Failed to clone dish',
  cloneCategoryFailed: 'Category can not be created',
  cloneMenuFailed: 'Menu can not be created',
  nameClash: 'An item with this name already exists',
  readOnlyFromParent: 'Items from the parent restaurant are read-only. Clone them to edit.',
  noMenuSelected: 'Please select a menu first',
  selectedMenuInherited: 'The selected menu belongs to the parent restaurant and cannot be changed',
  timedOut: (ms: number) => `Timed out after ${ms} ms`,
  noDishesToSelect: 'There are no dishes to select! Please add some first!',
  createMenuWarning: 'You have no menu yet. Create one to start.',
  menuFromParentWarning: 'This menu belongs to the parent restaurant. It is read-only here.',
  // timelines — doc 2 §2, §5 ("time strings without a colon are rejected")
  timeInvalid: 'Time must be HH:mm',
  adjustmentIncomplete: 'Each category adjustment needs its days and hours, or remove: true',

  // media library — doc 2 §5, §8 (upload, empty state); the rest decided in docs/decisions.md (Media library)
  mediaImageRequired: 'Please choose an image to upload',
  mediaFilesInvalid: (count: number) => `${count} file(s) that you have uploaded is/are not valid.`,
  mediaFileTooLarge: 'File is too large. Maximum size is 10MB.',
  mediaEmpty: 'No images available to upload',
  mediaTooManyFiles: (max: number) => `You can upload at most ${max} images at once.`,
  // big lists (issue 21, decisions "Big lists"): the owner's lists asked one page at a time
  listPageInvalid: 'Page must be a whole number from 1',
  listPerPageInvalid: 'Rows per page must be a whole number from 1 to 100',
  listSortInvalid: 'Choose one of the orders this list offers',
  listSearchTooLong: 'Search at most 200 characters',
  listIdsInvalid: 'Ask for at most 100 ids, each of 24 hex digits, separated by commas',
  listIngredientIdInvalid: 'Name the ingredient by its id of 24 hex digits',
  quickEditSectionWithPage:
    'Ask one section (menus, categories, dishes, ingredients or customizations) together with a page',
  mediaImageMissing: 'Choose which image to edit',
  mediaCropOutside: 'The crop area must lie inside the image.',
  mediaFileNameRequired: 'Choose which image to delete',
  mediaPickInvalid: 'This image is not in your media library.',
  mediaUploaded: (count: number) => `${count} image(s) uploaded successfully`,
  mediaSaved: 'Image saved successfully',
  mediaDeleted: 'Image deleted successfully',
  // the restaurant's profile — doc 2 §2, §5, §8
  restaurantUpdated: 'Restaurant updated successfully!',
  textTooLong: (field: string, max: number) => `${field} must be at most ${max} characters`,
  menuTransitionInvalid: 'Menu transition period must be between 0 and 60 minutes',
  timeZoneInvalid: 'Time zone is not valid',
  linkInvalid: 'Please enter a valid link',
  colorInvalid: 'Colour must be a hex value such as #1a2b3c',
  alphaInvalid: 'Background image opacity must be between 0 and 1',
  socialRepeated: (name: string) => `${name} is listed more than once`,

  // more restaurants — doc 2 §2 "Add restaurant", decisions §4 (docs/decisions.md, Locations)
  parentRequired: 'Please choose the parent restaurant',
  parentInvalid: 'This restaurant cannot be chosen as the parent.',
  parentIsLocation: 'A location cannot have locations of its own. Choose its parent restaurant.',
  restaurantAdded: (name: string) => `${name} is ready. You are now signed in to it.`,
  addRestaurantNotAllowed: 'Only restaurant owners and members can add a restaurant.',
  // ownership transfer — doc 2 §4, §5, §8 (docs/decisions.md, Ownership transfer)
  transferRequested: 'Restaurant ownership request has been made successfully.',
  transferCanceled: 'Ownership canceled successfully',
  transferNonePending: 'There is no pending ownership transfer.',
  transferToSelf: 'You cannot transfer the ownership to your own email address.',
  transferLinkInvalid: 'This ownership transfer link is not valid or has expired.',
  transferAccepted: 'The restaurant is yours now. Please sign in to continue.',

  // success toasts — doc 1 §8, doc 2 §8
  dishUpdated: 'Dish updated successfully',
  dishCreated: 'Dish created successfully',
  dishDeleted: 'Dish deleted successfully',
  dishCloned: 'Dish cloned successfully',
  categoryUpdated: 'Category updated successfully',
  categoryCreated: 'Category created successfully',
  categoryDeleted: 'Category deleted successfully',
  categoryCloned: 'Category cloned successfully',
  menuUpdated: 'Menu updated successfully',
  menuPublished: 'Menu published successfully',
  menuUnpublished: 'Menu unpublished successfully',
  menuSaved: 'Menu saved successfully',
  menuDeleted: 'Menu deleted successfully',
  menuCreated: 'Menu created successfully',
  ingredientCreated: 'Ingredient(s) created successfully',
  ingredientUpdated: 'Ingredient updated successfully!',
  ingredientDeleted: 'Ingredient(s) deleted successfully',
  ingredientCloned: 'Ingredient cloned successfully',
  dietaryUpdated: 'Dietary updated successfully',
  dietaryDeleted: 'Dietary deleted successfully!',
  changesSaved: 'Changes have been saved successfully',
  changesMade: 'Changes have been made successfully',
  // quick edit — doc 2 §4, §8 (the two texts of the partial save and the failed load)
  changesMadeExceptMenus: 'Changes have been made successfully (except menus)',
  failedToLoadData: 'Failed to load data',
  quickEditIdInvalid: 'Each change needs the id of the item it switches',
  quickEditCheckedInvalid: 'Each change needs checked: true or false',
  quickEditRepeated: 'An item is listed more than once',
  subscribeRequiredTitle: 'Subscribe required',
  subscribeRequired: 'In order to publish this menu, you have to subscribe to the product.',
  subscribeRequiredClient:
    "It looks like your account subscription isn't set up just yet. Please contact your account manager.",

  // doc 2 §2 Members, §4, §6, §8 — the team (the specification names the invalid-link text only)
  memberCreated: 'Member created successfully. An invitation has been sent.',
  memberAddedVerified:
    'Member created successfully. Their email is already verified, so they can sign in now.',
  /** POST /members/accept: the signed-in person took the invitation as a new linked account. */
  memberInvitationAccepted: 'You have joined the team. Switch to the new account from the account menu.',
  memberUpdated: 'Member updated successfully',
  membersDeleted: 'Member(s) deleted successfully',
  invitationResent: 'Invitation has been resent successfully',
  memberExists: 'This person is already a member of this restaurant.',
  memberIsOwner: 'This email belongs to the owner of this restaurant.',
  memberAlreadyVerified: 'This member has already completed the invitation.',
  grantOnlyOwnPermissions: 'You can only grant permissions you hold yourself.',
  memberAccountCompleted: 'Your account is ready. You can sign in now.',
  membersEmpty: 'No members yet. Add one to share the work.',
  membersLoadFailed: 'Failed to load members',

  // doc 3 §2.2, §2.6, §2.8, §4, §6 — the admin area
  adminCreated: 'Admin created successfully. An invitation has been sent.',
  adminLinkInvalid: 'User has been already verified, or this link is not valid.',
  adminAccountCompleted: 'Your admin account is ready. You can sign in now.',
  adminEmailTaken: 'This email already belongs to an admin.',
  adminAlreadyVerified: 'This admin has already completed the invitation.',
  adminDeleted: 'Admin deleted successfully',
  userDeleted: 'User deleted successfully',
  userAdded: 'User created successfully. An email has been sent to set a password.',
  adminPasswordRequired: 'Password is required',
  cannotActAs: 'You cannot log in as this account.',
  notImpersonating: 'This session is not acting as another account.',
  templateUpdated: 'Template updated successfully.',
  templateTestSent: (email: string) => `A test email has been sent to ${email}.`,
  mailSecretOnlyInLink: (placeholder: string) =>
    `The placeholder ${placeholder} may only be the whole address of a link.`,
  mailTemplateToStaff:
    'This mail goes to staff accounts, which always receive the built-in text: editing it changes no mail.',
  mailSecretNotInSubject: (placeholder: string) =>
    `The placeholder ${placeholder} cannot be used in the subject.`,
  dietarySaved: 'Dietary considerations saved successfully',
  dietaryTagsUnique: 'Tags must be unique',
  dietaryRenameStale:
    'A renamed tag is no longer in the saved lists, or its new name is missing. Reload the page and rename it again.',
  logsDeleted: 'Log(s) deleted successfully',
  clientLogNoMessage: 'Client side: No log message found',
  actingAs: (username: string) => `Acting as ${username}`,
  returnToAdmin: 'Return to admin',
  noThirdPartyToken: 'Analytics are first-party: no third-party token is needed.',

  // doc 3 §2.3, §2.4, §2.8, §4, §5, §8.2 — resellers (DMA) and their clients (issue 14)
  dmaRegistered: 'Successfully registered. Please login to continue.',
  dmaRegisterLinkInvalid: 'Something went wrong. Please try again later.',
  dmaRegisterLinkSent: 'The registration link has been sent.',
  dmaInvitationPending: 'A registration link for this email is already pending.',
  dmaEmailTaken: 'This email already belongs to a reseller.',
  dmaDeleted: 'Reseller deleted successfully',
  selectOrAddRestaurant: 'You must select or add a new restaurant',
  chooseAtLeastOneClient: 'You must choose at least one client.',
  selectAnPlan: 'You must select an plan',
  selectPaymentMethod: 'Please select a payment method',
  cannotCalculatePrice: 'Cannot calculate price. Please try again later.',
  noLicenses: 'No licenses were found.',
  clientAdded: 'License added successfully. An invitation has been sent.',
  clientAlreadyPending: 'An invitation for this email is already pending.',
  clientAlreadyYours: 'This email already belongs to one of your clients.',
  invitationCanceled: 'Invitation canceled successfully',
  invitationAccepted: 'Invitation accepted successfully.',
  invitationRejected: 'Invitation rejected successfully.',
  pageUrlNotValid: 'Page url not valid.',
  invitationLinkInvalid: 'The link is not valid. Please try again or contact the support.',
  invitationFailed: 'Something went wrong. Please try again later or contact the support.',
  pageCouldNotBeFound: 'This page could not be found.',
  clientDeleted: 'Client deleted successfully',
  clientSubscriptionCanceled: 'Subscription canceled successfully',
  clientsSubscribed: (count: number) => `${count} client${count === 1 ? '' : 's'} subscribed successfully`,
  clientAlreadySubscribed: 'This client already has an active subscription.',
  paymentMethodNotYours: 'This payment method does not belong to you.',
  returnToReseller: 'Return to reseller',

  // doc 2 §2 Layout editor, §4, §8 — menu displays (only the duplicate's text is the specification's)
  menuAlreadyInMap: 'Menu already exists in this map',
  zoneNameRequired: 'Zone name cannot be empty',
  displayNameRequired: 'Menu display name cannot be empty',
  layoutIdInvalid: 'This layout holds an id that is not valid.',
  layoutIdRepeated: 'This layout holds the same zone or menu display twice.',
  layoutTooLarge: 'This layout is too large.',
  layoutSaved: 'Layout saved',
  layoutSaveFailed: 'Failed to save the layout',
  layoutLoadFailed: 'Failed to load the layout',
  displayNotFound: 'Menu display not found',
  zoneHasNoDisplays: 'Add a menu display to this zone first.',
  addMenuToAllDisplays: (menu: string, zone: string, count: number) =>
    `Add ${menu} to all ${count} displays in ${zone}?`,

  // issue 23 §5 — the check before publishing (labelling rules)
  menuIncomplete: 'This menu is incomplete for your labelling rules.',
  complianceNoDeclaration: 'No allergen declaration',
  complianceNoCalories: 'No calories',
  complianceNoPortion: 'No portion size',
  complianceDietContradicted: (diet: string, allergens: string) =>
    `Tagged “${diet}” but contains ${allergens}`,
  complianceIngredientOff: (ingredient: string) => `Names ${ingredient}, an ingredient switched off`,

  // issue 24 §4 — machine drafts of translations
  translationUnavailable: 'The translation service is unavailable. Nothing was changed; try again later.',
  translationOff: 'Machine translation is not set up on this server (TRANSLATE_PROVIDER).',
  translationLanguageNotOffered: 'This language is not one of your restaurant’s other languages.',
  translateMissingConfirm:
    'Machine drafts stay marked until you accept each one. Guests see them only if you allow it in settings.',
  translateMissingDone: (count: number) =>
    count === 0
      ? 'Nothing was missing: no drafts were made.'
      : `${count} machine ${count === 1 ? 'draft' : 'drafts'} made. Review and accept each one.`,
} as const;

export type MessageKey = keyof typeof messages;

/**
 * Enter in a picker (Select, MultiSelect, TagsInput, Autocomplete: every Mantine combobox input)
 * chooses or adds an entry, and never submits the form around it (issue 11 §1). The browser submits
 * a form on Enter in any of its inputs ("implicit submission"); Mantine prevents that only when it
 * used the key itself (an option was highlighted, a tag was typed). This listener runs after React's
 * handlers (it sits on the document, above the app's root) and stops the submission in the other
 * cases, e.g. Enter in an empty tags input.
 */
const PICKER = '[aria-haspopup="listbox"], [data-enter-never-submits] input';

function handleKeyDown(event: KeyboardEvent) {
  if (event.key !== 'Enter' || event.isComposing || event.defaultPrevented) return;
  const target = event.target;
  if (!(target instanceof HTMLInputElement) || !target.form) return;
  if (target.matches(PICKER)) event.preventDefault();
}

/** Installs the rule once for the whole app (main.tsx). */
export function installEnterGuard(): void {
  document.addEventListener('keydown', handleKeyDown);
}

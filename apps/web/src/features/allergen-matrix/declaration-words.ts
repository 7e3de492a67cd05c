import { type DeclarationChangeEntry, declarationWords } from '@carte/domain';

/**
 * A kept change in words (issue 23 §6): "Ana changed allergens: contains Milk → contains Milk, Eggs".
 * The date is the screen's (dates.ts), in the viewer's order.
 */
export function changeSentence(
  change: Pick<DeclarationChangeEntry, 'username' | 'field' | 'before' | 'after'>,
): string {
  const who = change.username || 'Someone';
  const field =
    change.field === 'allergens' ? 'allergens' : change.field === 'calories' ? 'calories' : 'portion';
  const value = (side: unknown) => {
    if (change.field === 'allergens') return declarationWords(side);
    if (side === null || side === undefined || side === '') return 'none';
    return change.field === 'calories' ? `${side} kcal` : String(side);
  };
  if (change.before === null || change.before === undefined)
    return `${who} set ${field}: ${value(change.after)}`;
  return `${who} changed ${field}: ${value(change.before)} → ${value(change.after)}`;
}

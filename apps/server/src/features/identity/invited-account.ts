import { messages } from '@carte/domain';
import { eq } from 'drizzle-orm';
import { InvalidError } from '../../core/errors.ts';
import type { Db } from '../../db/connect.ts';
import { users } from '../../db/schema.ts';
import type { MailedLinks } from './mailed-links.ts';
import { withUniqueAs } from './person.ts';

/**
 * Completes an invited account from its mailed link (an admin's, a member's; a member's accepted
 * from a signed-in session): the link is used once and the account written in one transaction. A
 * link used meanwhile answers `invalid`; a username taken meanwhile, the catalogue's text (or
 * `conflict`).
 */
export async function completeInvitedAccount(
  deps: { db: Db; links: MailedLinks },
  input: {
    linkId: string;
    userId: string;
    set: Partial<typeof users.$inferInsert>;
    invalid: string;
    conflict?: string;
  },
): Promise<void> {
  await withUniqueAs(
    () =>
      deps.db.transaction(async (tx) => {
        if (!(await deps.links.consume(input.linkId, tx))) throw new InvalidError(input.invalid);
        await tx.update(users).set(input.set).where(eq(users.id, input.userId));
      }),
    () => new InvalidError(input.conflict ?? messages.usernameTaken),
  );
}

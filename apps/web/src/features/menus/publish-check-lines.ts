import { type ComplianceProblem, problemsByDish } from '@carte/domain';

/** One menu's problems, as the publish dialog lists them. */
export interface MenuProblems {
  menuName: string;
  problems: readonly ComplianceProblem[];
}

export interface PublishDialogLines {
  /** Per menu that lacks something, its dishes (at most `limit` dish lines in all). */
  menus: { menuName: string; dishes: { dishId: string; dishName: string; text: string }[] }[];
  /** Dishes left out beyond the limit ("and N more"). */
  more: number;
}

/**
 * The publish dialog's lines (issue 23 §5): "This menu lacks: …" per dish, its problems joined,
 * menus without problems left out, up to `limit` dishes in all, then how many more.
 */
export function publishDialogLines(list: readonly MenuProblems[], limit = 20): PublishDialogLines {
  const menus: PublishDialogLines['menus'] = [];
  let shown = 0;
  let more = 0;
  for (const { menuName, problems } of list) {
    const dishes = problemsByDish(problems);
    if (dishes.length === 0) continue;
    const room = Math.max(0, limit - shown);
    const kept = dishes.slice(0, room).map((dish) => ({
      dishId: dish.dishId,
      dishName: dish.dishName,
      text: dish.messages.join(' · '),
    }));
    shown += kept.length;
    more += dishes.length - kept.length;
    if (kept.length > 0) menus.push({ menuName, dishes: kept });
  }
  return { menus, more };
}

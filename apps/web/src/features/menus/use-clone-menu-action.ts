import { type Menu, messages } from '@carte/domain';
import { useNavigate } from 'react-router';
import { useCopyMenu } from '../../api/menus.api.ts';
import { selectedMenuStore } from '../../api/selected-menu.ts';
import { notifyFailureAs, notifySuccess } from '../../ui/notify.ts';

/**
 * Clones a menu, own or inherited, as a draft "X (copy)" (retried with another " (copy)" on 412,
 * doc 1 §4) with the specification's toasts: "Menu created successfully", or "Menu can not be
 * created" (doc 1 §8). The menus list reloads (`useCopyMenu`). `openCopy` then selects the copy and
 * opens its form (the read-only form of an inherited menu).
 */
export function useCloneMenuAction({ openCopy }: { openCopy: boolean }) {
  const navigate = useNavigate();
  const copy = useCopyMenu();
  return {
    clone: async (menu: Pick<Menu, '_id' | 'name'>) => {
      try {
        const created = await copy.mutateAsync(menu);
        notifySuccess(messages.menuCreated);
        if (openCopy) {
          selectedMenuStore.set(created._id);
          void navigate(`/create-menu?id=${created._id}`);
        }
      } catch (error) {
        notifyFailureAs(error, messages.cloneMenuFailed);
      }
    },
    /** The menu being cloned now, if any. */
    cloningId: copy.isPending ? copy.variables?._id : undefined,
  };
}

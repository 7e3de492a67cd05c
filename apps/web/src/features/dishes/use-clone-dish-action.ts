import { type Dish, messages } from '@carte/domain';
import { useNavigate } from 'react-router';
import { useCloneDish } from '../../api/dishes.api.ts';
import { notifyFailureAs, notifySuccess } from '../../ui/notify.ts';

/**
 * Clones a dish as an unavailable "X (copy)" (retried on 412, doc 1 §4) with the spec's toasts;
 * `openCopy` then opens the copy's form.
 */
export function useCloneDishAction({ openCopy }: { openCopy: boolean }) {
  const navigate = useNavigate();
  const clone = useCloneDish();
  return {
    clone: async (dish: Pick<Dish, '_id' | 'name'>) => {
      try {
        const copy = await clone.mutateAsync(dish);
        notifySuccess(messages.dishCloned);
        if (openCopy) navigate(`/update-dish/${copy._id}`);
      } catch (error) {
        notifyFailureAs(error, messages.cloneDishFailed);
      }
    },
    /** The dish being cloned now, if any. */
    cloningId: clone.isPending ? clone.variables?._id : undefined,
  };
}

import { type AddRestaurantInput, tokensSchema, userSchema } from '@carte/domain';
import { api } from './client.ts';

/** The answer of add restaurant: the new account's tokens and user, like a sign-in (doc 2 §7). */
const sessionAnswerSchema = tokensSchema.extend({ user: userSchema });

/** POST /api/restaurants/add (doc 2 §7 "add restaurant"). */
export const locationsApi = {
  add: (input: AddRestaurantInput) =>
    api.post('/restaurants/add', { body: input, schema: sessionAnswerSchema }),
};
